// spec.lesson (docs/lessons.md): decoding, its broken-input messages, and where chapters start in a
// real trace. Every lesson shipped in samples/lessons/ is played here headless: each chapter must
// start, at an event that is what its trigger names.
#include "checkcommand.h"
#include "commandline.h"
#include "extendersession.h"
#include "framework/status.h"
#include "lesson/chapterstops.h"
#include "scenario/effectiveconfig.h"
#include "scenario/loader.h"
#include "simulation/simulator.h"
#include "trace/trace.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTextStream>
#include <QtTest>

using namespace ksv;

namespace {

const QByteArray header = R"yaml(apiVersion: kschedviz.io/v1alpha1
kind: Scenario
metadata: {name: lesson}
spec:
  objects:
  - apiVersion: v1
    kind: Node
    metadata: {name: node-a, labels: {kubernetes.io/hostname: node-a}}
    status: {allocatable: {cpu: "2", memory: 4Gi, pods: "10"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: web, namespace: default}
    spec:
      containers:
      - name: app
        resources: {requests: {cpu: "1"}}
  - apiVersion: v1
    kind: Pod
    metadata: {name: huge, namespace: default}
    spec:
      containers:
      - name: app
        resources: {requests: {cpu: "8"}}
  events:
  - at: 3s
    action: create
    object:
      apiVersion: v1
      kind: Pod
      metadata: {name: late, namespace: default}
      spec:
        containers:
        - name: app
          resources: {requests: {cpu: 100m}}
)yaml";

struct Played
{
    std::shared_ptr<const Scenario> scenario;
    std::shared_ptr<trace::Trace> trace = std::make_shared<trace::Trace>();
};

Played play(Scenario scenario)
{
    Played played;
    played.scenario = std::make_shared<const Scenario>(std::move(scenario));
    const config::KubeSchedulerConfiguration configuration = effectiveConfiguration(*played.scenario);
    // A lesson with extenders calls them, as the app does: the demo extender it describes runs meanwhile.
    const std::shared_ptr<extenderhttp::ExtenderSession> extenders = extenderhttp::ExtenderSession::start(*played.scenario, configuration);
    SimulationOptions options;
    if (extenders)
        options.extenderTransport = extenders->transport();
    Simulator(*played.scenario, configuration, options, *played.trace).run();
    return played;
}

ChapterStops stopsOf(const Played& played)
{
    ChapterStops stops(played.scenario->lesson->chapters);
    stops.advance(*played.trace, played.trace->size(), -1, true);
    return stops;
}

// What a trigger names, said of the event a chapter stopped after.
bool eventIsWhatTriggerNames(const trace::Trace& trace, const trace::Event& event, const ChapterTrigger& trigger)
{
    using E = ChapterTrigger::Event;
    using trace::EventKind;
    if (!trigger.pod.isEmpty() && trace.string(event.pod()) != trigger.pod)
        return false;
    if (!trigger.node.isEmpty() && trace.string(event.node()) != trigger.node)
        return false;
    switch (trigger.event) {
    case E::Attempt: return event.kind() == EventKind::CycleStart;
    case E::FailedAttempt: return event.kind() == EventKind::CycleEnd && event.node() < 0;
    case E::Assumed: return event.kind() == EventKind::CycleEnd && event.node() >= 0;
    case E::Bound: return event.kind() == EventKind::BindingEnd && event.code() == framework::Code::Success;
    case E::BindingFailed: return event.kind() == EventKind::BindingEnd && event.code() != framework::Code::Success;
    case E::QueueMove:
        return event.kind() == EventKind::QueueMove && (trigger.to.isEmpty() || trace::toString(event.to()) == trigger.to)
            && (trigger.from.isEmpty() || trace::toString(event.from()) == trigger.from)
            && (trigger.cause.isEmpty() || trace.string(event.cause()) == trigger.cause);
    case E::Preemption: return event.kind() == EventKind::Preemption;
    case E::Victim: return event.kind() == EventKind::Victim;
    case E::Nominated: return event.kind() == EventKind::Nominated && event.node() >= 0;
    case E::ClusterChange: return event.kind() == EventKind::ClusterChange && (trigger.action.isEmpty() || toString(event.action()) == trigger.action);
    }
    return false;
}

} // namespace

class TestLesson : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void decodes()
    {
        const Scenario scenario = loadScenarioText(header + R"yaml(  lesson:
    title: Two pods
    summary: one fits, one does not
    chapters:
    - title: Start
      text: Both pods arrive.
      at: 0s
      follow: default/web
      views: [lanes, inspector]
      heatmap: cpu
      source: "pkg/scheduler/schedule_one.go: scheduleOne"
    - title: huge fails
      when: {event: failedAttempt, pod: default/huge}
      heatmap: score:NodeResourcesFit
    - title: late comes
      when: {event: queueMove, pod: default/late, from: None, to: Active, nth: 1}
)yaml",
                                                   QStringLiteral("lesson.yaml"));
        QVERIFY(scenario.lesson);
        const Lesson& lesson = *scenario.lesson;
        QCOMPARE(lesson.title, QStringLiteral("Two pods"));
        QCOMPARE(lesson.summary, QStringLiteral("one fits, one does not"));
        QCOMPARE(lesson.chapters.size(), 3);
        const Chapter& first = lesson.chapters.at(0);
        QCOMPARE(first.at, std::optional<VirtualNanos>(0));
        QVERIFY(!first.when);
        QCOMPARE(first.follow, QStringLiteral("default/web"));
        QCOMPARE(first.views, (QStringList {QStringLiteral("lanes"), QStringLiteral("inspector")}));
        QCOMPARE(first.heatmap, QStringLiteral("cpu"));
        QCOMPARE(first.source, QStringLiteral("pkg/scheduler/schedule_one.go: scheduleOne"));
        QCOMPARE(first.location.line, 39); // "- title: Start"
        const Chapter& second = lesson.chapters.at(1);
        QVERIFY(second.when && !second.at);
        QVERIFY(second.when->event == ChapterTrigger::Event::FailedAttempt);
        QCOMPARE(second.when->pod, QStringLiteral("default/huge"));
        QCOMPARE(second.heatmap, QStringLiteral("score:NodeResourcesFit"));
        // A pod created by an event may be named too.
        QCOMPARE(lesson.chapters.at(2).when->pod, QStringLiteral("default/late"));
        QCOMPARE(lesson.chapters.at(2).when->to, QStringLiteral("Active"));
    }

    // spec.lesson.translations: the texts in another language, chosen by the UI's language.
    void decodesTranslations()
    {
        const Scenario scenario = loadScenarioText(header + R"yaml(  lesson:
    title: Two pods
    summary: one fits, one does not
    chapters:
    - title: Start
      text: Both pods arrive.
      at: 0s
    - title: huge fails
      text: It asks for 8 CPUs.
      when: {event: failedAttempt, pod: default/huge}
    translations:
      zh_CN:
        title: 两个 Pod
        chapters:
        - title: 开始
          text: 两个 Pod 都到了。
        - title: huge 调度失败
)yaml",
                                                   QStringLiteral("lesson.yaml"));
        QVERIFY(scenario.lesson);
        const Lesson& lesson = *scenario.lesson;
        QCOMPARE(lesson.translations.keys(), QStringList {QStringLiteral("zh_CN")});
        const LessonTranslation& zh = lesson.translations.value(QStringLiteral("zh_CN"));
        QCOMPARE(zh.title, QStringLiteral("两个 Pod"));
        QCOMPARE(zh.chapters.size(), 2);
        QCOMPARE(zh.chapters.at(0), (ChapterTranslation {QStringLiteral("开始"), QStringLiteral("两个 Pod 都到了。")}));

        const Lesson chinese = translatedLesson(lesson, QStringLiteral("zh_CN"));
        QCOMPARE(chinese.title, QStringLiteral("两个 Pod"));
        QCOMPARE(chinese.summary, QStringLiteral("one fits, one does not")); // not translated: kept
        QCOMPARE(chinese.chapters.at(0).title, QStringLiteral("开始"));
        QCOMPARE(chinese.chapters.at(0).text, QStringLiteral("两个 Pod 都到了。"));
        QCOMPARE(chinese.chapters.at(1).title, QStringLiteral("huge 调度失败"));
        QCOMPARE(chinese.chapters.at(1).text, QStringLiteral("It asks for 8 CPUs."));
        // Everything but the texts is the lesson's own.
        QCOMPARE(chinese.chapters.at(1).when, lesson.chapters.at(1).when);
        QCOMPARE(chinese.chapters.at(0).at, lesson.chapters.at(0).at);
        // English (no language) and a language without a translation: the lesson as written.
        QCOMPARE(translatedLesson(lesson, QString()), lesson);
        QCOMPARE(translatedLesson(lesson, QStringLiteral("ja")), lesson);
    }

    void brokenLessons_data()
    {
        QTest::addColumn<QByteArray>("lesson");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const char* lesson, const char* error) {
            QTest::newRow(name) << QByteArray(lesson) << QString::fromUtf8(error);
        };
        row("not a mapping", "  lesson: [1]\n", "lesson.yaml:35:11: spec.lesson: expected a mapping with title, summary, chapters, translations, found a list");
        row("no title", "  lesson:\n    chapters: [{title: a, at: 0s}]\n", "lesson.yaml:36:5: spec.lesson.title: required value is missing");
        row("no chapters", "  lesson: {title: t}\n", "spec.lesson.chapters: a lesson needs a list of one or more chapters");
        row("empty chapters", "  lesson: {title: t, chapters: []}\n", "spec.lesson.chapters: a lesson needs a list of one or more chapters");
        row("unknown lesson key", "  lesson: {title: t, chapter: []}\n", "lesson.yaml:35:22: spec.lesson.chapter: unknown field; a lesson has title, summary, chapters, translations");
        row("chapter without a title", "  lesson:\n    title: t\n    chapters:\n    - {at: 0s}\n",
            "lesson.yaml:38:7: spec.lesson.chapters[0].title: required value is missing");
        row("neither at nor when", "  lesson:\n    title: t\n    chapters:\n    - {title: a}\n",
            "lesson.yaml:38:7: spec.lesson.chapters[0]: a chapter starts either `at` a time or `when` an event happens: give exactly one");
        row("both at and when", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 1s, when: {event: bound}}\n",
            "spec.lesson.chapters[0]: a chapter starts either `at` a time or `when` an event happens: give exactly one");
        row("bad duration", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: soon}\n",
            "lesson.yaml:38:22: spec.lesson.chapters[0].at: \"soon\" is not a non-negative duration (such as 500ms, 2s, 1m30s)");
        row("unknown event", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: failed}\n",
            "lesson.yaml:39:21: spec.lesson.chapters[0].when.event: \"failed\" is not one of attempt, failedAttempt, assumed, bound, "
            "bindingFailed, queueMove, preemption, victim, nominated, clusterChange");
        row("no event", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {pod: default/web}\n",
            "spec.lesson.chapters[0].when.event: required value is missing; one of attempt, failedAttempt");
        row("to on a bound trigger", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: bound, to: Active}\n",
            "spec.lesson.chapters[0].when.to: only a queueMove trigger has from and to");
        row("unknown queue", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: queueMove, to: activeQ}\n",
            "spec.lesson.chapters[0].when.to: \"activeQ\" is not one of Active, Backoff, Unschedulable, Gated, Scheduling, WaitingOnPermit, Binding, Bound, Deleted");
        row("cause on a preemption", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: preemption, cause: NodeAdd}\n",
            "spec.lesson.chapters[0].when.cause: only a queueMove trigger has a cause");
        row("action on an attempt", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: attempt, action: create}\n",
            "spec.lesson.chapters[0].when.action: only a clusterChange trigger has an action");
        row("nth zero", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: attempt, nth: 0}\n",
            "spec.lesson.chapters[0].when.nth:");
        row("unknown trigger key", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: attempt, pods: x}\n",
            "spec.lesson.chapters[0].when.pods: unknown field; a trigger has event, pod, node, from, to, cause, action, nth");
        row("pod not a key", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s, follow: web}\n",
            "lesson.yaml:38:34: spec.lesson.chapters[0].follow: \"web\" is not NAMESPACE/NAME");
        row("no such pod", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s, follow: default/nope}\n",
            "lesson.yaml:38:34: spec.lesson.chapters[0].follow: no pod \"default/nope\" in the scenario (at t=0 or created by an event)");
        row("no such trigger pod", "  lesson:\n    title: t\n    chapters:\n    - title: a\n      when: {event: bound, pod: kube-system/x}\n",
            "spec.lesson.chapters[0].when.pod: no pod \"kube-system/x\" in the scenario");
        row("unknown view", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s, views: [lanes, map]}\n",
            "spec.lesson.chapters[0].views[1]: \"map\" is not one of lanes, heatmap, inspector, timeline, charts, eventLog, nodes, pods");
        row("view twice", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s, views: [lanes, lanes]}\n",
            "spec.lesson.chapters[0].views[1]: \"lanes\" is listed twice");
        row("empty plugin", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s, heatmap: \"score:\"}\n",
            "spec.lesson.chapters[0].heatmap: expected a resource (cpu, memory, pods, ...), verdict, score or score:PLUGIN");
        // spec.lesson.translations
        const char* twoChapters = "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s}\n    - {title: b, at: 1s}\n    translations:\n";
        const auto translationRow = [twoChapters](const char* name, const char* translations, const char* error) {
            QTest::newRow(name) << QByteArray(twoChapters) + translations << QString::fromUtf8(error);
        };
        translationRow("translations not a mapping", "      - zh_CN\n",
                       "lesson.yaml:41:7: spec.lesson.translations: expected a mapping from a language (such as zh_CN) to the lesson's texts in it, found a list");
        translationRow("not a language", "      Chinese: {title: x}\n",
                       "lesson.yaml:41:16: spec.lesson.translations.Chinese: \"Chinese\" is not a language name such as zh_CN, ja or pt_BR");
        translationRow("translation without a title", "      zh_CN: {summary: x}\n",
                       "lesson.yaml:41:14: spec.lesson.translations.zh_CN.title: required value is missing");
        translationRow("unknown translation key", "      zh_CN: {title: x, chapter: []}\n",
                       "lesson.yaml:41:25: spec.lesson.translations.zh_CN.chapter: unknown field; a translation has title, summary, chapters");
        translationRow("too few chapters", "      zh_CN:\n        title: x\n        chapters:\n        - {title: y}\n",
                       "lesson.yaml:44:9: spec.lesson.translations.zh_CN.chapters: expected a list of 2 chapters, one for each of the lesson's in the same order, found 1");
        translationRow("chapters not a list", "      zh_CN: {title: x, chapters: {title: y}}\n",
                       "spec.lesson.translations.zh_CN.chapters: expected a list of 2 chapters, one for each of the lesson's in the same order, found a mapping");
        translationRow("translated chapter without a title", "      zh_CN:\n        title: x\n        chapters:\n        - {title: y}\n        - {text: z}\n",
                       "lesson.yaml:45:11: spec.lesson.translations.zh_CN.chapters[1].title: required value is missing");
        translationRow("translated chapter with a trigger", "      zh_CN:\n        title: x\n        chapters:\n        - {title: y}\n        - {title: z, at: 2s}\n",
                       "spec.lesson.translations.zh_CN.chapters[1].at: unknown field; a translated chapter has title, text");
        row("unknown chapter key", "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 0s, caption: x}\n",
            "spec.lesson.chapters[0].caption: unknown field; a chapter has title, text, source, at, when, follow, views, heatmap");
    }

    void brokenLessons()
    {
        QFETCH(QByteArray, lesson);
        QFETCH(QString, error);
        try {
            loadScenarioText(header + lesson, QStringLiteral("lesson.yaml"));
            QFAIL("loaded");
        } catch (const LoadError& e) {
            QVERIFY2(e.toString().contains(error), qPrintable(e.toString()));
        }
    }

    // Chapters start in order: each trigger is looked for after the previous chapter's start, a
    // time chapter starts after every event at its time, and one that never matches holds back the rest.
    void stopsInATrace()
    {
        const Played played = play(loadScenarioText(header + R"yaml(  lesson:
    title: t
    chapters:
    - {title: start, at: 0s}
    - title: huge fails
      when: {event: failedAttempt, pod: default/huge}
    - title: web bound, after huge failed
      when: {event: bound}
    - {title: two seconds, at: 2s}
    - title: late arrives
      when: {event: clusterChange, pod: default/late, action: create}
    - title: late's second queue move after its arrival
      when: {event: queueMove, pod: default/late, nth: 2}
    - title: never
      when: {event: preemption}
    - {title: after never, at: 0s}
)yaml",
                                                          QStringLiteral("lesson.yaml")));
        const trace::Trace& trace = *played.trace;
        const ChapterStops stops = stopsOf(played);
        QCOMPARE(stops.count(), 8);
        QCOMPARE(stops.foundCount(), 6); // "never" never starts, and so neither does the one after it
        const QList<ChapterStop>& at = stops.stops();
        // Start: after every event at t=0, before the first later one.
        QVERIFY(at[0].position > 0);
        QCOMPARE(at[0].time, VirtualNanos(0));
        QCOMPARE(trace.at(at[0].position - 1).time(), VirtualNanos(0));
        QVERIFY(trace.at(at[0].position).time() > 0);
        const Lesson& lesson = *played.scenario->lesson;
        for (int chapter : {1, 2, 4, 5}) {
            const trace::Event& event = trace.at(at[chapter].position - 1);
            QVERIFY2(eventIsWhatTriggerNames(trace, event, *lesson.chapters.at(chapter).when), qPrintable(lesson.chapters.at(chapter).title));
            QCOMPARE(at[chapter].time, event.time());
            QVERIFY(at[chapter].position > at[chapter - 1].position);
        }
        QCOMPARE(trace.string(trace.at(at[2].position - 1).pod()), QStringLiteral("default/web"));
        QCOMPARE(at[3].time, 2 * nanosPerSecond);
        QVERIFY(trace.at(at[3].position - 1).time() <= 2 * nanosPerSecond);
        QVERIFY(trace.at(at[3].position).time() > 2 * nanosPerSecond);
        QCOMPARE(at[4].time, 3 * nanosPerSecond);
        // nth counts matches after the previous chapter's start: late's arrival in activeQ, then its pop.
        const trace::Event& second = trace.at(at[5].position - 1);
        QVERIFY(second.kind() == trace::EventKind::QueueMove && second.to() == trace::PodLocation::Scheduling);
        const VirtualNanos end = trace.at(trace.size() - 1).time();
        QCOMPARE(stops.chapterAt(0, 0), -1);
        QCOMPARE(stops.chapterAt(at[0].position, 0), 0);
        QCOMPARE(stops.chapterAt(at[2].position - 1, at[2].time), 1);
        QCOMPARE(stops.chapterAt(trace.size(), end), 5);
        QCOMPARE(stops.firstBetween(at[0].position, at[0].time, at[2].position, at[2].time), 1);
        QCOMPARE(stops.firstBetween(at[1].position, at[1].time, at[1].position, end), -1);
        // "two seconds" starts where nothing happens: at the position of the cursor at 1 s, but later.
        const qsizetype atOneSecond = at[3].position;
        QCOMPARE(stops.firstBetween(atOneSecond, nanosPerSecond, atOneSecond, 2 * nanosPerSecond), 3);
        QCOMPARE(stops.firstBetween(atOneSecond, nanosPerSecond, atOneSecond, nanosPerSecond + 1), -1); // not yet
        QCOMPARE(stops.chapterAt(atOneSecond, nanosPerSecond), 2);
        QCOMPARE(stops.chapterAt(atOneSecond, 2 * nanosPerSecond), 3);
    }

    // The engine runs ahead of playback in slices: stops found slice by slice equal stops found at
    // once, and a time chapter waits until an event after its time, the engine's clock or the end
    // vouches that nothing more happens before it.
    void stopsFoundAsTheTraceGrows()
    {
        const Played played = play(loadScenarioFile(QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml")));
        const trace::Trace& trace = *played.trace;
        const ChapterStops whole = stopsOf(played);
        ChapterStops sliced(played.scenario->lesson->chapters);
        for (qsizetype available = 0; available <= trace.size(); available += 7)
            sliced.advance(trace, available, -1, false);
        sliced.advance(trace, trace.size(), -1, true);
        QCOMPARE(sliced.stops(), whole.stops());

        Played timed = play(loadScenarioText(header + "  lesson:\n    title: t\n    chapters:\n    - {title: a, at: 10s}\n", QStringLiteral("t.yaml")));
        ChapterStops stops(timed.scenario->lesson->chapters);
        const qsizetype all = timed.trace->size();
        QVERIFY(timed.trace->at(all - 1).time() < 10 * nanosPerSecond);
        stops.advance(*timed.trace, all, 9 * nanosPerSecond, false);
        QCOMPARE(stops.foundCount(), 0); // the engine may still publish something at 9.5 s
        stops.advance(*timed.trace, all, 11 * nanosPerSecond, false);
        QCOMPARE(stops.foundCount(), 1);
        QCOMPARE(stops.stops().at(0), (ChapterStop {all, 10 * nanosPerSecond}));
        ChapterStops ended(timed.scenario->lesson->chapters);
        ended.advance(*timed.trace, all, -1, true);
        QCOMPARE(ended.stops().at(0), (ChapterStop {all, 10 * nanosPerSecond}));
    }

    // `kschedviz check` plays a lesson: where each chapter starts, or the chapter that never does,
    // at its place in the file, with exit status 2.
    void checkCommand()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.yaml"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(header + "  lesson:\n    title: Two pods\n    chapters:\n    - {title: start, at: 0s}\n"
                            "    - title: web bound\n      when: {event: bound, pod: default/web}\n"
                            "    - title: huge preempts\n      when: {event: preemption, pod: default/huge}\n"
                            "    - {title: later, at: 5s}\n    - {title: even later, at: 6s}\n");
        file.close();
        cli::Options options;
        options.command = cli::Command::Check;
        options.scenario = path;
        QString outText;
        QString errText;
        QTextStream out(&outText);
        QTextStream err(&errText);
        QCOMPARE(cli::runCheck(options, out, err), int(cli::ExitBadInput));
        QVERIFY2(errText.contains(path + QStringLiteral(":41:7: spec.lesson.chapters[2].when: chapter \"huge preempts\" never starts: "
                                                        "no event matches after chapter 2 began (at 0.02")),
                 qPrintable(errText));
        QVERIFY2(errText.contains(QStringLiteral("nor do the 2 chapters after it")), qPrintable(errText));

        QString goodOut;
        QString goodErr;
        QTextStream good(&goodOut);
        QTextStream goodErrors(&goodErr);
        options.scenario = QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml");
        QCOMPARE(cli::runCheck(options, good, goodErrors), int(cli::ExitOk));
        QVERIFY2(goodOut.contains(QStringLiteral("lesson \"The three queues, backoff and the flushes\": 9 chapters, each starts:")), qPrintable(goodOut));
        QVERIFY2(goodOut.contains(QStringLiteral("8. 360s  The 5-minute flush")), qPrintable(goodOut));
    }

    // Every lesson kschedviz ships: it loads, every chapter starts, each at what its trigger names,
    // and the pods chapters follow exist when the chapter starts.
    void shippedLessons_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(KSV_SAMPLES_DIR "/lessons"));
        const QStringList files = dir.entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        for (const QString& file : files)
            QTest::newRow(qPrintable(file)) << dir.filePath(file);
    }

    void shippedLessons()
    {
        QFETCH(QString, path);
        const Played played = play(loadScenarioFile(path));
        QVERIFY(played.scenario->lesson);
        const Lesson& lesson = *played.scenario->lesson;
        QVERIFY(!lesson.title.isEmpty() && !lesson.summary.isEmpty());
        const ChapterStops stops = stopsOf(played);
        QCOMPARE(stops.foundCount(), stops.count());
        // Shipped in Simplified Chinese too, every text of it (the UI's zh_CN readers are its users).
        QVERIFY(lesson.translations.contains(QStringLiteral("zh_CN")));
        const LessonTranslation& zh = lesson.translations.value(QStringLiteral("zh_CN"));
        QVERIFY(!zh.title.isEmpty() && !zh.summary.isEmpty());
        QCOMPARE(zh.chapters.size(), lesson.chapters.size());
        for (int i = 0; i < lesson.chapters.size(); ++i)
            QVERIFY2(!zh.chapters.at(i).title.isEmpty() && !zh.chapters.at(i).text.isEmpty(), qPrintable(lesson.chapters.at(i).title));
        const trace::Trace& trace = *played.trace;
        for (int i = 0; i < lesson.chapters.size(); ++i) {
            const Chapter& chapter = lesson.chapters.at(i);
            QVERIFY2(!chapter.text.isEmpty() && !chapter.source.isEmpty(), qPrintable(chapter.title));
            QVERIFY2(!chapter.views.isEmpty(), qPrintable(chapter.title));
            const ChapterStop& stop = stops.stops().at(i);
            if (chapter.when) {
                QVERIFY2(eventIsWhatTriggerNames(trace, trace.at(stop.position - 1), *chapter.when), qPrintable(chapter.title));
            }
            if (!chapter.follow.isEmpty()) {
                // The followed pod has appeared by then (a ClusterChange or a queue move of it).
                bool seen = false;
                for (qsizetype e = 0; e < stop.position && !seen; ++e)
                    seen = trace.string(trace.at(e).pod()) == chapter.follow;
                QVERIFY2(seen, qPrintable(chapter.title + QStringLiteral(": ") + chapter.follow));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
