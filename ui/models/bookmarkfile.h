#pragma once

// Bookmarks on disk, and bookmarks as a lesson (docs/lessons.md, "Bookmarks").
//
// They live beside the scenario: `dir/name.bookmarks.yaml` for `dir/name.yaml`. A scenario kschedviz
// carries inside it (a sample, a lesson: ":/...") has no directory to write to; its bookmarks go to
// the user's data directory, `bookmarks/name.bookmarks.yaml`.

#include "bookmarks.h"

namespace ksv {

QString bookmarksPathFor(const QString& scenarioPath);

// The file's text; `scenario` is the scenario's file name, for a reader.
QByteArray bookmarksText(const QList<Bookmark>& bookmarks, const QString& scenario);
// Reads a bookmarks file; a broken one is a LoadError at its line and field.
QList<Bookmark> readBookmarks(const QString& path);
// Writes it (creating its directory); false with `error` set when it cannot.
bool saveBookmarks(const QString& path, const QList<Bookmark>& bookmarks, const QString& scenario, QString* error);

// The scenario's text with `spec.lesson` made of the bookmarks: one chapter each, titled by its name,
// with its note as text, starting at its time, following its pod, showing its views and colouring.
// The scenario must be a Scenario document (LoadError otherwise); a lesson it had is replaced. YAML
// comments do not survive the rewrite.
QByteArray scenarioWithLesson(const QString& scenarioPath, const QString& title, const QList<Bookmark>& bookmarks);

// A virtual time as a duration the loader reads back to the nanosecond ("12.000000500s").
QString durationText(VirtualNanos nanos);

} // namespace ksv
