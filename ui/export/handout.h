#pragma once

// A PDF handout: one landscape A4 page per entry, with its title, its text, the upstream source it
// points to, and a picture (the window at that moment) scaled to fit what is left of the page.
// A pure writer: lessons and bookmarks (issue 19) build the pages; captureWindow() (imageexport.h)
// takes the pictures.

#include <QImage>
#include <QList>
#include <QString>

namespace ksv::exporting {

struct HandoutPage
{
    QString title;
    QString text;   // wrapped to the page; may hold line breaks
    QString source; // optional: upstream's file and function, e.g. "pkg/scheduler/schedule_one.go: schedulingCycle"
    QImage picture; // optional: scaled to fit, never enlarged past its own resolution's worth
};

// False, and why in `error`, when there is no page or the file cannot be written.
bool writeHandout(const QString& path, const QList<HandoutPage>& pages, QString* error = nullptr);

} // namespace ksv::exporting
