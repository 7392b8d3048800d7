#pragma once

// spec.lesson: a scenario told in chapters (docs/lessons.md). Each chapter starts at a virtual time
// or at the first trace event that matches its trigger after the previous chapter's start; playback
// pauses there and the caption bar shows the chapter's text. The engine never reads a lesson: it is
// for the views, and a lesson does not change the trace.

#include "api/objects.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace ksv {

using VirtualNanos = qint64; // as in scenario/scenario.h

// What a chapter waits for: the first trace event of `event`'s kind that passes every filter given.
struct ChapterTrigger
{
    enum class Event : quint8 {
        Attempt,       // a scheduling cycle begins (CycleStart)
        FailedAttempt, // a cycle ends without a node
        Assumed,       // a cycle ends with a node: the binding cycle follows
        Bound,         // a bind lands
        BindingFailed, // a bind fails
        QueueMove,     // the pod moves between queues (filters: from, to, cause)
        Preemption,    // the pod preempts
        Victim,        // the pod is preempted
        Nominated,     // the pod's nominated node is set
        ClusterChange, // an object is created, updated or deleted (filters: action, pod or node)
    };
    Event event = Event::Attempt;
    QString pod;    // namespace/name; empty: any
    QString node;   // the event's node; empty: any
    QString from;   // QueueMove: a queue (Active, Backoff, Unschedulable, Gated, ...); empty: any
    QString to;     // QueueMove
    QString cause;  // QueueMove: the cluster event or reason that moved it, as the event log shows it
    QString action; // ClusterChange: create, update or delete (as a scenario's events say); empty: any
    int nth = 1;    // the nth match
    friend bool operator==(const ChapterTrigger&, const ChapterTrigger&) = default;
};

QString toString(ChapterTrigger::Event event); // as written in a lesson ("failedAttempt")
QStringList chapterTriggerEvents();            // every name, in enum order

struct Chapter
{
    QString title;
    QString text;
    QString source; // the upstream code it shows, e.g. "pkg/scheduler/schedule_one.go: schedulingCycle"
    std::optional<VirtualNanos> at;         // starts at this virtual time...
    std::optional<ChapterTrigger> when;     // ...or at the first matching event (exactly one is set)
    QString follow;      // the pod selected and spotlighted (namespace/name); empty: keep the selection
    QStringList views;   // the views a presentation shows (lessonViews()); empty: keep the layout
    QString heatmap;     // the heatmap's colouring ("cpu", "verdict", "score", "score:PLUGIN"); empty: keep
    SourceLocation location; // of the chapter in its file, for errors found after decoding
    friend bool operator==(const Chapter&, const Chapter&) = default;
};

// The names `views` accepts, one per dock.
QStringList lessonViews();

// A lesson's texts in another language (spec.lesson.translations.LANGUAGE): the title, the summary
// and each chapter's title and text, in the chapters' order. Nothing else is translated: times,
// triggers, pods and the upstream source are the same in every language.
struct ChapterTranslation
{
    QString title;
    QString text;
    friend bool operator==(const ChapterTranslation&, const ChapterTranslation&) = default;
};

struct LessonTranslation
{
    QString title;
    QString summary;
    QList<ChapterTranslation> chapters; // none, or one per chapter of the lesson
    friend bool operator==(const LessonTranslation&, const LessonTranslation&) = default;
};

struct Lesson
{
    QString title;
    QString summary;
    QList<Chapter> chapters;
    QMap<QString, LessonTranslation> translations; // by language, as Qt names it ("zh_CN")
    friend bool operator==(const Lesson&, const Lesson&) = default;
};

// The lesson as a reader of `language` sees it: its texts replaced by that translation's where the
// translation gives them (an empty one keeps the English). An empty or untranslated language, the
// lesson unchanged.
Lesson translatedLesson(const Lesson& lesson, const QString& language);

} // namespace ksv
