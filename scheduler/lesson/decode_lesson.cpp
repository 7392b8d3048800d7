#include "lesson/decode_lesson.h"

#include "decoding/yamlfield.h"
#include "scenario/loader.h"
#include "trace/event.h"

#include <QRegularExpression>

namespace ksv {

namespace {

// `from` may be None (a pod arriving); nothing moves to None.
QStringList queueNames(bool withNone)
{
    QStringList names;
    for (int location = withNone ? 0 : 1; location < trace::podLocationCount; ++location)
        names.append(trace::toString(static_cast<trace::PodLocation>(location)));
    return names;
}

void requireMap(const YamlField& field, const QStringList& keys, const QString& what)
{
    if (!field.isMap())
        field.fail(QStringLiteral("expected a mapping with ") + keys.join(QStringLiteral(", ")) + QStringLiteral(", found ") + field.describe());
    field.rejectUnknownKeys(keys, QStringLiteral("unknown field; ") + what + QStringLiteral(" has ") + keys.join(QStringLiteral(", ")));
}

using PodExists = std::function<bool(const QString&)>;

QString podKey(const YamlField& field, const PodExists& podExists)
{
    const QString key = field.toString();
    const qsizetype slash = key.indexOf(QLatin1Char('/'));
    if (key.count(QLatin1Char('/')) != 1 || slash == 0 || slash == key.size() - 1)
        field.fail(quoteForMessage(key) + QStringLiteral(" is not NAMESPACE/NAME"));
    if (!podExists(key))
        field.fail(QStringLiteral("no pod ") + quoteForMessage(key) + QStringLiteral(" in the scenario (at t=0 or created by an event)"));
    return key;
}

QString oneOf(const YamlField& field, const QStringList& allowed)
{
    return allowed.at(field.toEnum(allowed));
}

ChapterTrigger decodeTrigger(const YamlField& field, const PodExists& podExists)
{
    static const QStringList keys = {QStringLiteral("event"), QStringLiteral("pod"), QStringLiteral("node"), QStringLiteral("from"),
                                     QStringLiteral("to"), QStringLiteral("cause"), QStringLiteral("action"), QStringLiteral("nth")};
    requireMap(field, keys, QStringLiteral("a trigger"));
    ChapterTrigger trigger;
    const YamlField event = field["event"];
    if (!event.isDefined())
        event.fail(QStringLiteral("required value is missing; one of ") + chapterTriggerEvents().join(QStringLiteral(", ")));
    trigger.event = static_cast<ChapterTrigger::Event>(event.toEnum(chapterTriggerEvents()));
    if (const YamlField pod = field["pod"]; pod.isDefined())
        trigger.pod = podKey(pod, podExists);
    trigger.node = field.stringOr("node");
    const bool queueMove = trigger.event == ChapterTrigger::Event::QueueMove;
    for (const auto& [key, member] : {std::pair {"from", &ChapterTrigger::from}, std::pair {"to", &ChapterTrigger::to}}) {
        if (const YamlField queue = field[key]; queue.isDefined()) {
            if (!queueMove)
                queue.fail(QStringLiteral("only a queueMove trigger has from and to"));
            trigger.*member = oneOf(queue, queueNames(member == &ChapterTrigger::from));
        }
    }
    if (const YamlField cause = field["cause"]; cause.isDefined()) {
        if (!queueMove)
            cause.fail(QStringLiteral("only a queueMove trigger has a cause"));
        trigger.cause = cause.toString();
    }
    if (const YamlField action = field["action"]; action.isDefined()) {
        if (trigger.event != ChapterTrigger::Event::ClusterChange)
            action.fail(QStringLiteral("only a clusterChange trigger has an action"));
        trigger.action = oneOf(action, {QStringLiteral("create"), QStringLiteral("update"), QStringLiteral("delete")});
    }
    if (const YamlField nth = field["nth"]; nth.isDefined())
        trigger.nth = int(nth.toInt(1, 1'000'000));
    return trigger;
}

QString decodeHeatmap(const YamlField& field)
{
    // A measure is any resource name (extended resources included), resolved against the run.
    const QString value = field.toString();
    if (value.isEmpty() || value == QLatin1String("score:"))
        field.fail(QStringLiteral("expected a resource (cpu, memory, pods, ...), verdict, score or score:PLUGIN"));
    return value;
}

Chapter decodeChapter(const YamlField& field, const PodExists& podExists)
{
    static const QStringList keys = {QStringLiteral("title"), QStringLiteral("text"), QStringLiteral("source"), QStringLiteral("at"),
                                     QStringLiteral("when"), QStringLiteral("follow"), QStringLiteral("views"), QStringLiteral("heatmap")};
    requireMap(field, keys, QStringLiteral("a chapter"));
    Chapter chapter;
    chapter.location = field.location();
    chapter.title = field.requiredString("title");
    chapter.text = field.stringOr("text");
    chapter.source = field.stringOr("source");
    const YamlField at = field["at"];
    const YamlField when = field["when"];
    if (at.isDefined() == when.isDefined())
        field.fail(QStringLiteral("a chapter starts either `at` a time or `when` an event happens: give exactly one"));
    if (at.isDefined()) {
        const auto duration = parseDuration(at.toString());
        if (!duration || *duration < 0)
            at.fail(quoteForMessage(at.toString()) + QStringLiteral(" is not a non-negative duration (such as 500ms, 2s, 1m30s)"));
        chapter.at = *duration;
    } else {
        chapter.when = decodeTrigger(when, podExists);
    }
    if (const YamlField follow = field["follow"]; follow.isDefined())
        chapter.follow = podKey(follow, podExists);
    for (const YamlField& view : field["views"].elements()) {
        const QString name = oneOf(view, lessonViews());
        if (chapter.views.contains(name))
            view.fail(quoteForMessage(name) + QStringLiteral(" is listed twice"));
        chapter.views.append(name);
    }
    if (const YamlField heatmap = field["heatmap"]; heatmap.isDefined())
        chapter.heatmap = decodeHeatmap(heatmap);
    return chapter;
}

// spec.lesson.translations.LANGUAGE: the lesson's texts in that language, the chapters in the order of
// the lesson's (they have no names to match them by), so there must be as many.
LessonTranslation decodeTranslation(const YamlField& field, qsizetype chapterCount)
{
    static const QStringList keys = {QStringLiteral("title"), QStringLiteral("summary"), QStringLiteral("chapters")};
    requireMap(field, keys, QStringLiteral("a translation"));
    LessonTranslation translation;
    translation.title = field.requiredString("title");
    translation.summary = field.stringOr("summary");
    const YamlField chapters = field["chapters"];
    if (!chapters.isDefined())
        return translation;
    if (!chapters.isSequence() || chapters.elements().size() != chapterCount)
        chapters.fail(QStringLiteral("expected a list of %1 chapters, one for each of the lesson's in the same order, found ").arg(chapterCount)
                      + (chapters.isSequence() ? QStringLiteral("%1").arg(chapters.elements().size()) : chapters.describe()));
    translation.chapters = chapters.list<ChapterTranslation>([](const YamlField& chapter) {
        static const QStringList chapterKeys = {QStringLiteral("title"), QStringLiteral("text")};
        requireMap(chapter, chapterKeys, QStringLiteral("a translated chapter"));
        return ChapterTranslation {chapter.requiredString("title"), chapter.stringOr("text")};
    });
    return translation;
}

} // namespace

Lesson translatedLesson(const Lesson& lesson, const QString& language)
{
    const auto found = lesson.translations.constFind(language);
    if (language.isEmpty() || found == lesson.translations.cend())
        return lesson;
    Lesson translated = lesson;
    const auto replace = [](QString& text, const QString& translation) {
        if (!translation.isEmpty())
            text = translation;
    };
    replace(translated.title, found->title);
    replace(translated.summary, found->summary);
    for (qsizetype i = 0; i < found->chapters.size() && i < translated.chapters.size(); ++i) {
        replace(translated.chapters[i].title, found->chapters.at(i).title);
        replace(translated.chapters[i].text, found->chapters.at(i).text);
    }
    return translated;
}

QString toString(ChapterTrigger::Event event)
{
    return chapterTriggerEvents().value(int(event));
}

QStringList chapterTriggerEvents()
{
    return {QStringLiteral("attempt"),   QStringLiteral("failedAttempt"), QStringLiteral("assumed"),   QStringLiteral("bound"),
            QStringLiteral("bindingFailed"), QStringLiteral("queueMove"), QStringLiteral("preemption"), QStringLiteral("victim"),
            QStringLiteral("nominated"), QStringLiteral("clusterChange")};
}

QStringList lessonViews()
{
    return {QStringLiteral("lanes"),  QStringLiteral("heatmap"),  QStringLiteral("inspector"), QStringLiteral("timeline"),
            QStringLiteral("charts"), QStringLiteral("eventLog"), QStringLiteral("nodes"),     QStringLiteral("pods")};
}

Lesson decodeLesson(const YamlField& field, const PodExists& podExists)
{
    static const QStringList keys = {QStringLiteral("title"), QStringLiteral("summary"), QStringLiteral("chapters"), QStringLiteral("translations")};
    requireMap(field, keys, QStringLiteral("a lesson"));
    Lesson lesson;
    lesson.title = field.requiredString("title");
    lesson.summary = field.stringOr("summary");
    const YamlField chapters = field["chapters"];
    if (!chapters.isSequence() || chapters.elements().isEmpty())
        chapters.fail(QStringLiteral("a lesson needs a list of one or more chapters"));
    lesson.chapters = chapters.list<Chapter>([&podExists](const YamlField& chapter) { return decodeChapter(chapter, podExists); });
    if (const YamlField translations = field["translations"]; translations.isDefined()) {
        if (!translations.isMap())
            translations.fail(QStringLiteral("expected a mapping from a language (such as zh_CN) to the lesson's texts in it, found ") + translations.describe());
        // Qt's names for a language: what QTranslator::language() says of a loaded translation.
        static const QRegularExpression languageName(QStringLiteral("^[a-z]{2,3}(_[A-Z][a-z]{3})?(_[A-Z]{2})?$"));
        for (const auto& [language, translation] : translations.entries()) {
            if (!languageName.match(language).hasMatch())
                translation.fail(quoteForMessage(language) + QStringLiteral(" is not a language name such as zh_CN, ja or pt_BR"));
            lesson.translations.insert(language, decodeTranslation(translation, lesson.chapters.size()));
        }
    }
    return lesson;
}

} // namespace ksv
