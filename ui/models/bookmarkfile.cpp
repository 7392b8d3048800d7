#include "bookmarkfile.h"

#include "decoding/yamlfield.h"
#include "lesson/lesson.h"
#include "scenario/loader.h"
#include "scenario/yamldocuments.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace ksv {

namespace {

const QString bookmarksKind = QStringLiteral("Bookmarks");
const QString apiVersion = QStringLiteral("kschedviz.io/v1alpha1");

std::string utf8(const QString& text)
{
    return text.toStdString();
}

void emitStrings(YAML::Emitter& out, const QStringList& list)
{
    out << YAML::Flow << YAML::BeginSeq;
    for (const QString& item : list)
        out << utf8(item);
    out << YAML::EndSeq;
}

Bookmark decodeBookmark(const YamlField& field)
{
    static const QStringList keys = {QStringLiteral("name"), QStringLiteral("note"), QStringLiteral("at"), QStringLiteral("position"),
                                     QStringLiteral("pod"), QStringLiteral("views"), QStringLiteral("heatmap")};
    if (!field.isMap())
        field.fail(QStringLiteral("expected a mapping with ") + keys.join(QStringLiteral(", ")) + QStringLiteral(", found ") + field.describe());
    field.rejectUnknownKeys(keys, QStringLiteral("unknown field; a bookmark has ") + keys.join(QStringLiteral(", ")));
    Bookmark bookmark;
    bookmark.name = field.requiredString("name");
    bookmark.note = field.stringOr("note");
    const YamlField at = field["at"];
    if (!at.isDefined())
        at.fail(QStringLiteral("required value is missing"));
    const auto time = parseDuration(at.toString());
    if (!time || *time < 0)
        at.fail(quoteForMessage(at.toString()) + QStringLiteral(" is not a non-negative duration (such as 500ms, 2s, 1m30s)"));
    bookmark.time = *time;
    if (const YamlField position = field["position"]; position.isDefined())
        bookmark.position = position.toInt(0, std::numeric_limits<qint64>::max());
    bookmark.pod = field.stringOr("pod");
    if (!bookmark.pod.isEmpty() && bookmark.pod.count(QLatin1Char('/')) != 1)
        field["pod"].fail(quoteForMessage(bookmark.pod) + QStringLiteral(" is not NAMESPACE/NAME"));
    for (const YamlField& view : field["views"].elements())
        bookmark.views.append(lessonViews().at(view.toEnum(lessonViews())));
    bookmark.heatmap = field.stringOr("heatmap");
    return bookmark;
}

} // namespace

QString durationText(VirtualNanos nanos)
{
    const VirtualNanos seconds = nanos / nanosPerSecond;
    const VirtualNanos fraction = nanos % nanosPerSecond;
    if (fraction == 0)
        return QString::number(seconds) + QLatin1Char('s');
    QString digits = QStringLiteral("%1").arg(fraction, 9, 10, QLatin1Char('0'));
    while (digits.endsWith(QLatin1Char('0')))
        digits.chop(1);
    return QString::number(seconds) + QLatin1Char('.') + digits + QLatin1Char('s');
}

QString bookmarksPathFor(const QString& scenarioPath)
{
    const QFileInfo info(scenarioPath);
    const QString name = info.completeBaseName() + QStringLiteral(".bookmarks.yaml");
    if (scenarioPath.startsWith(QLatin1Char(':')))
        return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("bookmarks/") + name);
    return info.dir().filePath(name);
}

QByteArray bookmarksText(const QList<Bookmark>& bookmarks, const QString& scenario)
{
    YAML::Emitter out;
    out << YAML::Comment(utf8(QStringLiteral("kschedviz bookmarks of ") + scenario));
    out << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << utf8(apiVersion);
    out << YAML::Key << "kind" << YAML::Value << utf8(bookmarksKind);
    out << YAML::Key << "bookmarks" << YAML::Value << YAML::BeginSeq;
    for (const Bookmark& bookmark : bookmarks) {
        out << YAML::BeginMap;
        out << YAML::Key << "name" << YAML::Value << utf8(bookmark.name);
        out << YAML::Key << "at" << YAML::Value << utf8(durationText(bookmark.time));
        if (bookmark.position >= 0)
            out << YAML::Key << "position" << YAML::Value << static_cast<long long>(bookmark.position);
        if (!bookmark.pod.isEmpty())
            out << YAML::Key << "pod" << YAML::Value << utf8(bookmark.pod);
        if (!bookmark.views.isEmpty()) {
            out << YAML::Key << "views" << YAML::Value;
            emitStrings(out, bookmark.views);
        }
        if (!bookmark.heatmap.isEmpty())
            out << YAML::Key << "heatmap" << YAML::Value << utf8(bookmark.heatmap);
        if (!bookmark.note.isEmpty())
            // Quoted, not a block: a block's last line break is not the note's.
            out << YAML::Key << "note" << YAML::Value << YAML::DoubleQuoted << utf8(bookmark.note);
        out << YAML::EndMap;
    }
    out << YAML::EndSeq << YAML::EndMap;
    return QByteArray(out.c_str()) + '\n';
}

QList<Bookmark> readBookmarks(const QString& path)
{
    const std::vector<YAML::Node> documents = parseYamlDocuments(readYamlFile(path), path);
    if (documents.size() != 1)
        throw LoadError({path, 1, 1}, {}, QStringLiteral("expected one Bookmarks document"));
    const YamlField root(documents.front(), path);
    if (!root.isMap())
        root.fail(QStringLiteral("expected a Bookmarks document (a mapping), found ") + root.describe());
    root.rejectUnknownKeys({QStringLiteral("apiVersion"), QStringLiteral("kind"), QStringLiteral("bookmarks")},
                           QStringLiteral("unknown field; a Bookmarks document has apiVersion, kind, bookmarks"));
    if (root.requiredString("apiVersion") != apiVersion)
        root["apiVersion"].fail(quoteForMessage(root["apiVersion"].toString()) + QStringLiteral(" is not supported: expected \"") + apiVersion + QLatin1Char('"'));
    if (root.requiredString("kind") != bookmarksKind)
        root["kind"].fail(QStringLiteral("expected kind Bookmarks, found ") + quoteForMessage(root["kind"].toString()));
    return root["bookmarks"].list<Bookmark>(decodeBookmark);
}

bool saveBookmarks(const QString& path, const QList<Bookmark>& bookmarks, const QString& scenario, QString* error)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        *error = QStringLiteral("cannot create the directory of ") + path;
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bookmarksText(bookmarks, scenario)) < 0 || !file.commit()) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return false;
    }
    return true;
}

QByteArray scenarioWithLesson(const QString& scenarioPath, const QString& title, const QList<Bookmark>& bookmarks)
{
    const std::vector<YAML::Node> documents = parseYamlDocuments(readYamlFile(scenarioPath), scenarioPath);
    YAML::Node document = documents.size() == 1 ? documents.front() : YAML::Node();
    const YamlField root(document, scenarioPath);
    if (documents.size() != 1 || !root.isMap() || root.stringOr("kind") != QLatin1String("Scenario"))
        throw LoadError({scenarioPath, 1, 1}, {},
                        QStringLiteral("bookmarks become a lesson of a Scenario document; this file is not one "
                                       "(save it as a Scenario first: docs/scenario-format.md)"));
    YAML::Node lesson;
    lesson["title"] = utf8(title);
    for (const Bookmark& bookmark : bookmarks) {
        YAML::Node chapter;
        chapter["title"] = utf8(bookmark.name);
        if (!bookmark.note.isEmpty())
            chapter["text"] = utf8(bookmark.note);
        chapter["at"] = utf8(durationText(bookmark.time));
        if (!bookmark.pod.isEmpty())
            chapter["follow"] = utf8(bookmark.pod);
        for (const QString& view : bookmark.views)
            chapter["views"].push_back(utf8(view));
        if (!bookmark.heatmap.isEmpty())
            chapter["heatmap"] = utf8(bookmark.heatmap);
        lesson["chapters"].push_back(chapter);
    }
    document["spec"]["lesson"] = lesson;
    YAML::Emitter out;
    out << document;
    return QByteArray(out.c_str()) + '\n';
}

} // namespace ksv
