// Bookmarks without widgets: the model (under QAbstractItemModelTester) keeps time order and edits
// names and notes; the file beside the scenario round-trips, and a broken one is refused at its line
// and field; bookmarks become a lesson that loads and whose chapters start where the bookmarks are.
#include "bookmarkfile.h"
#include "bookmarks.h"
#include "lesson/chapterstops.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/trace.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;

namespace {

QList<Bookmark> sampleBookmarks()
{
    return {
        {QStringLiteral("web fails"), QStringLiteral("NodeAffinity rejects node-a.\nSecond line, \"quoted\": yes"), 505'000, 59,
         QStringLiteral("default/web"), {QStringLiteral("lanes"), QStringLiteral("inspector")}, QStringLiteral("verdict")},
        {QStringLiteral("start"), {}, 0, 18, {}, {QStringLiteral("lanes")}, QStringLiteral("cpu")},
        {QStringLiteral("ünïcode: 名字"), QStringLiteral("note"), 6 * nanosPerSecond + 1, -1, QStringLiteral("default/small"), {}, {}},
    };
}

bool write(const QString& path, const QByteArray& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TestBookmarks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void modelKeepsTimeOrderAndEdits()
    {
        BookmarkModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&model, &BookmarkModel::edited);
        model.setBookmarks(sampleBookmarks());
        QCOMPARE(edited.size(), 0); // read, not edited
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.at(0).name, QStringLiteral("start"));
        QCOMPARE(model.at(2).time, 6 * nanosPerSecond + 1);
        Bookmark same = model.at(1);
        same.name = QStringLiteral("same time, later");
        QCOMPARE(model.add(same), 2); // after the bookmarks at its time
        QCOMPARE(edited.size(), 1);
        QCOMPARE(model.data(model.index(2, BookmarkModel::NameColumn)).toString(), QStringLiteral("same time, later"));
        QCOMPARE(model.data(model.index(2, BookmarkModel::TimeColumn)).toString(), QStringLiteral("0:00.000"));
        QVERIFY(model.flags(model.index(0, BookmarkModel::NameColumn)) & Qt::ItemIsEditable);
        QVERIFY(model.flags(model.index(0, BookmarkModel::NoteColumn)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(model.index(0, BookmarkModel::TimeColumn)) & Qt::ItemIsEditable));
        QVERIFY(model.setData(model.index(0, BookmarkModel::NoteColumn), QStringLiteral("the first")));
        QCOMPARE(model.at(0).note, QStringLiteral("the first"));
        QVERIFY(!model.setData(model.index(0, BookmarkModel::NameColumn), QStringLiteral("  "))); // a name stays
        QVERIFY(!model.setData(model.index(0, BookmarkModel::PodColumn), QStringLiteral("x/y")));
        QCOMPARE(edited.size(), 2);
        model.remove(0);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(edited.size(), 3);
        model.remove(7); // nothing there
        QCOMPARE(edited.size(), 3);
    }

    void fileRoundTrips()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.bookmarks.yaml"));
        QString error;
        QList<Bookmark> bookmarks = sampleBookmarks();
        QVERIFY2(saveBookmarks(path, bookmarks, QStringLiteral("x.yaml"), &error), qPrintable(error));
        const QList<Bookmark> read = readBookmarks(path);
        QCOMPARE(read.size(), bookmarks.size());
        for (qsizetype i = 0; i < read.size(); ++i)
            QVERIFY2(read.at(i) == bookmarks.at(i), qPrintable(read.at(i).name));
        QVERIFY(saveBookmarks(path, {}, QStringLiteral("x.yaml"), &error));
        QVERIFY(readBookmarks(path).isEmpty());
    }

    void whereTheyAreSaved()
    {
        QCOMPARE(bookmarksPathFor(QStringLiteral("/home/t/lessons/zone-spread.yaml")), QStringLiteral("/home/t/lessons/zone-spread.bookmarks.yaml"));
        QStandardPaths::setTestModeEnabled(true);
        const QString bundled = bookmarksPathFor(QStringLiteral(":/lessons/01-queues.yaml"));
        QVERIFY(bundled.endsWith(QStringLiteral("/bookmarks/01-queues.bookmarks.yaml")));
        QVERIFY(!bundled.startsWith(QLatin1Char(':')));
        QCOMPARE(durationText(0), QStringLiteral("0s"));
        QCOMPARE(durationText(12 * nanosPerSecond + 500), QStringLiteral("12.0000005s"));
        QCOMPARE(parseDuration(durationText(123'456'789'012)), std::optional<VirtualNanos>(123'456'789'012));
    }

    void brokenFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        const QByteArray head = "apiVersion: kschedviz.io/v1alpha1\nkind: Bookmarks\nbookmarks:\n";
        QTest::newRow("not yaml") << QByteArray("bookmarks: [\n") << QStringLiteral("b.yaml:2:1: invalid YAML");
        QTest::newRow("a list") << QByteArray("- 1\n") << QStringLiteral("b.yaml:1:1: expected a Bookmarks document (a mapping), found a list");
        QTest::newRow("wrong kind") << QByteArray("apiVersion: kschedviz.io/v1alpha1\nkind: Scenario\n")
                                    << QStringLiteral("b.yaml:2:7: kind: expected kind Bookmarks, found \"Scenario\"");
        QTest::newRow("no name") << head + "- {at: 1s}\n" << QStringLiteral("b.yaml:4:3: bookmarks[0].name: required value is missing");
        QTest::newRow("no time") << head + "- {name: a}\n" << QStringLiteral("bookmarks[0].at: required value is missing");
        QTest::newRow("bad time") << head + "- {name: a, at: later}\n"
                                  << QStringLiteral("b.yaml:4:17: bookmarks[0].at: \"later\" is not a non-negative duration");
        QTest::newRow("bad position") << head + "- {name: a, at: 1s, position: -3}\n" << QStringLiteral("bookmarks[0].position:");
        QTest::newRow("bad pod") << head + "- {name: a, at: 1s, pod: web}\n" << QStringLiteral("bookmarks[0].pod: \"web\" is not NAMESPACE/NAME");
        QTest::newRow("bad view") << head + "- {name: a, at: 1s, views: [lanes, map]}\n"
                                  << QStringLiteral("bookmarks[0].views[1]: \"map\" is not one of lanes, heatmap");
        QTest::newRow("unknown key") << head + "- {name: a, at: 1s, colour: red}\n"
                                     << QStringLiteral("bookmarks[0].colour: unknown field; a bookmark has name, note, at, position, pod, views, heatmap");
    }

    void brokenFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("b.yaml"));
        QVERIFY(write(path, text));
        try {
            readBookmarks(path);
            QFAIL("read");
        } catch (const LoadError& e) {
            const QString message = e.toString().replace(dir.path() + QLatin1Char('/'), QString());
            QVERIFY2(message.contains(error), qPrintable(message));
        }
    }

    // "Save as Lesson": the bookmarks of lesson 1's scenario become its chapters; the file loads,
    // and each chapter starts at its bookmark's time.
    void becomeALesson()
    {
        const QString scenario = QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml");
        QList<Bookmark> bookmarks = sampleBookmarks();
        BookmarkModel model;
        model.setBookmarks(bookmarks);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.yaml"));
        QVERIFY(write(path, scenarioWithLesson(scenario, QStringLiteral("My lesson"), model.bookmarks())));
        const Scenario loaded = loadScenarioFile(path);
        const Scenario original = loadScenarioFile(scenario);
        QCOMPARE(loaded.initial.pods.size(), original.initial.pods.size());
        QCOMPARE(loaded.events.size(), original.events.size());
        QVERIFY(loaded.lesson);
        QCOMPARE(loaded.lesson->title, QStringLiteral("My lesson"));
        QCOMPARE(loaded.lesson->chapters.size(), 3);
        for (int i = 0; i < 3; ++i) {
            const Chapter& chapter = loaded.lesson->chapters.at(i);
            const Bookmark& bookmark = model.at(i);
            QCOMPARE(chapter.title, bookmark.name);
            QCOMPARE(chapter.text, bookmark.note);
            QCOMPARE(chapter.at, std::optional<VirtualNanos>(bookmark.time));
            QCOMPARE(chapter.follow, bookmark.pod);
            QCOMPARE(chapter.views, bookmark.views);
            QCOMPARE(chapter.heatmap, bookmark.heatmap);
        }
        trace::Trace trace;
        Simulator(loaded, effectiveConfiguration(loaded), {}, trace).run();
        ChapterStops stops(loaded.lesson->chapters);
        stops.advance(trace, trace.size(), -1, true);
        QCOMPARE(stops.foundCount(), 3);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(stops.stops().at(i).time, model.at(i).time);

        // A file of manifests is no Scenario document: said, and nothing written.
        try {
            scenarioWithLesson(QStringLiteral(KSV_TEST_DATA_DIR "/kubectl-dump.yaml"), QStringLiteral("t"), bookmarks);
            QFAIL("written");
        } catch (const LoadError& e) {
            QVERIFY2(e.toString().contains(QStringLiteral("kubectl-dump.yaml:1:1: bookmarks become a lesson of a Scenario document")),
                     qPrintable(e.toString()));
        }
    }
};

QTEST_GUILESS_MAIN(TestBookmarks)
#include "tst_bookmarks.moc"
