#include "helpsheets.h"

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QKeySequence>
#include <QRegularExpression>
#include <QSet>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QWidget>

#include <algorithm>

namespace ksv::help {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("ksv::help", text);
}

QString row(const QString& what, const QString& keys)
{
    return QStringLiteral("<tr><td style='padding-right:24px'>") + what.toHtmlEscaped() + QStringLiteral("</td><td><b>")
        + keys.toHtmlEscaped() + QStringLiteral("</b></td></tr>");
}

void showPage(QWidget* window, const QString& title, const QString& html, const QString& objectName)
{
    auto* dialog = new QDialog(window);
    dialog->setObjectName(objectName);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* text = new QTextBrowser(dialog);
    text->setHtml(html);
    text->setOpenExternalLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(text);
    layout->addWidget(buttons);
    // Fits a 1280×720 screen with room for the window's frame.
    dialog->resize(640, 560);
    dialog->show();
}

} // namespace

QString shortcutSheet(const QWidget& window)
{
    struct Entry
    {
        QString what;
        QString keys;
        QString tip; // the tooltip, without the keys it repeats
    };
    QList<Entry> entries;
    QSet<QString> seen;
    for (const QAction* action : window.findChildren<QAction*>()) {
        if (action->shortcuts().isEmpty() || action->text().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        QString what = action->text();
        what.remove(QLatin1Char('&'));
        if (what.endsWith(QStringLiteral("…")))
            what.chop(1);
        // "or", not a comma: comma is itself a key (Previous Event).
        const QString joined = keys.join(tr(" or "));
        if (seen.contains(what + joined))
            continue; // the same action in a menu and on a toolbar
        seen.insert(what + joined);
        QString tip = action->toolTip();
        tip.remove(QRegularExpression(QStringLiteral("\\s*\\([^)]*\\)$")));
        entries.append({what, joined, tip});
    }
    // Two actions of one name (the view's history and the timeline's zoom history both have a
    // Back): their tooltips tell them apart.
    for (Entry& entry : entries) {
        const auto same = std::ranges::count_if(entries, [&entry](const Entry& other) { return other.what.startsWith(entry.what); });
        if (same > 1 && !entry.tip.isEmpty() && entry.tip != entry.what)
            entry.what += QStringLiteral(" — ") + entry.tip;
    }
    std::ranges::sort(entries, [](const Entry& a, const Entry& b) { return a.what.localeAwareCompare(b.what) < 0; });

    QString html = QStringLiteral("<h3>") + tr("Window") + QStringLiteral("</h3><table>");
    for (const Entry& entry : entries)
        html += row(entry.what, entry.keys);
    html += QStringLiteral("</table><h3>") + tr("In a focused view") + QStringLiteral("</h3><table>");
    html += row(tr("Queue lanes: move the selected pod along its lane"), tr("Up, Down, Page Up, Page Down, Home, End"));
    html += row(tr("Queue lanes: the same row in the previous or next lane"), tr("Left, Right"));
    html += row(tr("Queue lanes: fold or open a group"), tr("Enter"));
    html += row(tr("Heatmap: move the selected node"), tr("Arrows, Home, End"));
    html += row(tr("Timeline: scroll the pod rows"), tr("Up, Down, Page Up, Page Down, End"));
    html += QStringLiteral("</table><h3>") + tr("In presentation mode (F5)") + QStringLiteral("</h3><table>");
    html += row(tr("Next or previous chapter (without a lesson: scheduling cycle)"), tr("Page Down, Page Up"));
    html += row(tr("Blank the screen, and back"), tr("B"));
    html += row(tr("Play or pause"), tr("Period"));
    html += row(tr("Larger or smaller text and lines (1× to 2.5×)"), tr("Ctrl+=, Ctrl+-"));
    html += row(tr("Leave presentation mode"), tr("Esc or F5"));
    html += QStringLiteral("</table><p>") + tr("The playback keys act on the whole window, except the keys a focused view "
                                               "uses itself (the plain arrows in the queue lanes and the heatmap). "
                                               "Comma and period step by event wherever the focus is, and Alt with an "
                                               "arrow or Page key follows the selected pod.")
        + QStringLiteral("</p>");
    return html;
}

QString viewGuide()
{
    const auto section = [](const QString& title, const QString& text) -> QString {
        return QStringLiteral("<h3>") + title.toHtmlEscaped() + QStringLiteral("</h3><p>") + text.toHtmlEscaped() + QStringLiteral("</p>");
    };
    return QString(section(tr("Queue lanes"),
                   tr("Where every pod is at the cursor: activeQ in pop order, backoffQ by expiry, the unschedulable "
                      "and gated pods, then the scheduling cycle, Permit, binding. A coloured mark shows why a pod "
                      "moved in the last second."))
        + section(tr("Nodes heatmap"),
                  tr("One cell per node, grouped by a label: what the pods bound, binding or waiting there request "
                     "over allocatable, or, for the selected attempt, each node's Filter verdict or Score. Click a "
                     "node for its labels, taints, resources and pods."))
        + section(tr("Pod inspector"),
                  tr("The selected pod's attempt: every node with the plugin that rejected it and why, or its scores "
                     "per plugin and the total, the FailedScheduling message as kube-scheduler words it, and the "
                     "pod's history up to the cursor."))
        + section(tr("Timeline"),
                  tr("The scheduling cycles one after the other, the binding cycles that run beside them, and the "
                     "selected pod's row. Zoom with the wheel (about the pointer) or + and - (about the cursor); Follow "
                     "keeps the cursor in view whenever it moves."))
        + section(tr("Charts, Event Log, Nodes, Pods"),
                  tr("Queue lengths and scheduling latency per second of virtual time; every event of the trace, "
                     "searchable; the cluster's nodes and pods at the cursor (double-click a pod to select it)."))
        + section(tr("Time"),
                  tr("Everything runs on a virtual clock: play at any speed, step by event, extension point or "
                     "cycle, and go back; the same scenario and seed always give the same run.")));
}

void showShortcutSheet(QWidget* window)
{
    showPage(window, tr("Keyboard Shortcuts"), shortcutSheet(*window), QStringLiteral("shortcutSheet"));
}

void showViewGuide(QWidget* window)
{
    showPage(window, tr("Guide to the Views"), viewGuide(), QStringLiteral("viewGuide"));
}

} // namespace ksv::help
