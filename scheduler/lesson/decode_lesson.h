#pragma once

#include "lesson/lesson.h"

#include <functional>

namespace ksv {

class YamlField;

// Decodes spec.lesson; a broken one fails at its field (file:line:column: spec.lesson.chapters[2].when.event: ...).
// `podExists` tells whether the scenario has a pod of that key: a chapter may only name those.
Lesson decodeLesson(const YamlField& field, const std::function<bool(const QString&)>& podExists);

} // namespace ksv
