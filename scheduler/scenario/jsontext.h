#pragma once

// Positions in JSON text, for the scenario loader's JSON path. QJsonDocument parses fast but keeps
// no positions; these recover the few the loader reports (a parse error, a skipped List item) by
// scanning the text once, and only when one is needed.

#include <QByteArray>
#include <QList>

#include <utility>

namespace ksv {

// A JSON file: its first byte that is not white space is '{' or '['.
bool looksLikeJson(const QByteArray& text);

// 1-based line and column of each byte offset, columns counting characters as an editor does.
// `offsets` must be ascending.
QList<std::pair<int, int>> lineColumnOf(const QByteArray& text, const QList<qsizetype>& offsets);

// Where the elements of the top-level object's array `key` ("items" of a List) are: the byte offset
// of each one's first byte and the offset just past its last. The text must be valid JSON
// (QJsonDocument took it); empty if there is no such array.
QList<std::pair<qsizetype, qsizetype>> topLevelArrayElements(const QByteArray& text, QByteArrayView key);

} // namespace ksv
