#include "presentation.h"

#include "theme.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QWindow>

#include <algorithm>
#include <cmath>

namespace ksv {

namespace {

// Lesson view names and the docks that show them; the queue lanes are the window's centre, always shown.
const std::pair<const char*, const char*> viewDocks[] = {
    {"heatmap", "heatmapDock"}, {"inspector", "inspectorDock"}, {"timeline", "timelineDock"}, {"charts", "chartsDock"},
    {"eventLog", "eventLogDock"}, {"nodes", "nodesDock"},       {"pods", "podsDock"},
};

} // namespace

Presentation::Presentation(QMainWindow* window, QWidget* caption)
    : QObject(window)
    , m_window(window)
    , m_caption(caption)
    , m_action(new QAction(tr("&Presentation Mode"), this))
{
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::Key_F5));
    m_action->setToolTip(tr("Full screen for a room: projector colours, larger text, the caption bar (F5; Esc leaves)"));
    connect(m_action, &QAction::toggled, this, &Presentation::setActive);
    m_window->addAction(m_action);
}

Presentation::~Presentation()
{
    qApp->removeEventFilter(this);
}

QStringList Presentation::defaultViews()
{
    return {QStringLiteral("lanes"), QStringLiteral("timeline"), QStringLiteral("inspector")};
}

QStringList Presentation::visibleViews(const QMainWindow* window)
{
    QStringList views {QStringLiteral("lanes")};
    for (const auto& [view, dockName] : viewDocks) {
        const auto* dock = window->findChild<QDockWidget*>(QString::fromLatin1(dockName));
        if (dock && dock->isVisible() && !dock->visibleRegion().isEmpty())
            views.append(QString::fromLatin1(view));
    }
    return views;
}

void Presentation::setActive(bool active)
{
    if (active == m_active)
        return;
    m_active = active;
    if (active)
        enter();
    else
        leave();
    const QSignalBlocker blocker(m_action);
    m_action->setChecked(active);
    Q_EMIT activeChanged(active);
}

void Presentation::enter()
{
    m_savedState = m_window->saveState();
    m_savedGeometry = m_window->saveGeometry();
    m_savedPalette = QApplication::palette();
    m_savedFont = QApplication::font();
    m_menuWasVisible = m_window->menuBar()->isVisible();
    m_statusWasVisible = m_window->statusBar()->isVisible();
    m_captionWasVisible = m_caption->isVisible();
    m_dark = theme::isDark();
    // The first time: 1.5× where the screen has the room (1080 lines), 1.25× on a 720-line projector.
    if (!m_scaleChosen && m_window->screen())
        m_scale = m_window->screen()->geometry().height() >= 1000 ? defaultScale : 1.25;
    QApplication::setPalette(theme::projectorPalette(m_dark));
    applyScale();
    m_window->menuBar()->hide();
    m_window->statusBar()->hide();
    m_caption->show();
    applyViews();
    // Without a window manager (a kiosk, Xvfb) full screen is only a wish: the screen's geometry
    // first, then the state.
    if (QScreen* screen = m_window->screen())
        m_window->setGeometry(screen->geometry());
    m_window->showFullScreen();
    // The clicker's keys reach us before any view, whatever has focus.
    qApp->installEventFilter(this);
    m_window->installEventFilter(this);
}

void Presentation::leave()
{
    qApp->removeEventFilter(this);
    m_window->removeEventFilter(this);
    setBlanked(false);
    theme::setStrokeScale(1.0);
    QApplication::setFont(m_savedFont);
    QApplication::setPalette(m_savedPalette);
    m_window->showNormal();
    m_window->restoreGeometry(m_savedGeometry);
    m_window->restoreState(m_savedState);
    m_window->menuBar()->setVisible(m_menuWasVisible);
    m_window->statusBar()->setVisible(m_statusWasVisible);
    m_caption->setVisible(m_captionWasVisible);
}

void Presentation::setScale(double scale)
{
    m_scaleChosen = true;
    // Whole steps, so that Ctrl+= and Ctrl+- come back to where they started.
    m_scale = std::clamp(std::round(scale / scaleStep) * scaleStep, minScale, maxScale);
    if (m_active)
        applyScale();
}

void Presentation::applyScale()
{
    QFont font = m_savedFont;
    font.setPointSizeF(m_savedFont.pointSizeF() * m_scale);
    QApplication::setFont(font);
    theme::setStrokeScale(m_scale);
    // Views paint their lines from strokeScale(): a font change repaints most, not all.
    for (QWidget* widget : m_window->findChildren<QWidget*>())
        widget->update();
}

void Presentation::setDark(bool dark)
{
    m_dark = dark;
    if (m_active)
        QApplication::setPalette(theme::projectorPalette(dark));
}

void Presentation::setBlanked(bool blanked)
{
    if (blanked == isBlanked())
        return;
    if (!blanked) {
        delete m_blank;
        return;
    }
    m_blank = new QWidget(m_window);
    m_blank->setObjectName(QStringLiteral("presentationBlank"));
    m_blank->setAutoFillBackground(true);
    QPalette black;
    black.setColor(QPalette::Window, Qt::black);
    m_blank->setPalette(black);
    m_blank->setGeometry(m_window->rect());
    m_blank->show();
    m_blank->raise();
}

void Presentation::showViews(const QStringList& views)
{
    m_views = views;
    if (m_active)
        applyViews();
}

QStringList Presentation::shownViews() const
{
    return m_views.isEmpty() ? defaultViews() : m_views;
}

void Presentation::applyViews()
{
    const QStringList views = shownViews();
    for (const auto& [view, dockName] : viewDocks) {
        if (auto* dock = m_window->findChild<QDockWidget*>(QString::fromLatin1(dockName)))
            dock->setVisible(views.contains(QString::fromLatin1(view)));
    }
    // Docks of other features (live mode's) have no place in a lesson's room.
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
        const QString name = dock->objectName();
        const bool known = std::any_of(std::begin(viewDocks), std::end(viewDocks),
                                       [&name](const auto& entry) { return name == QLatin1String(entry.second); });
        if (!known)
            dock->hide();
    }
    // Of docks sharing a tab group, the first named is the one in front.
    for (const auto& [view, dockName] : viewDocks) {
        auto* dock = m_window->findChild<QDockWidget*>(QString::fromLatin1(dockName));
        if (dock && dock->isVisible() && views.contains(QString::fromLatin1(view))) {
            dock->raise();
            break;
        }
    }
}

bool Presentation::handleKey(int key, Qt::KeyboardModifiers modifiers, bool act)
{
    const bool control = modifiers & Qt::ControlModifier;
    const auto run = [act](auto&& f) {
        if (act)
            f();
        return true;
    };
    if (control) {
        if (key == Qt::Key_Equal || key == Qt::Key_Plus)
            return run([this] { setScale(m_scale + scaleStep); });
        if (key == Qt::Key_Minus)
            return run([this] { setScale(m_scale - scaleStep); });
        return false;
    }
    if (modifiers & (Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (key) {
    case Qt::Key_Escape: return run([this] { setActive(false); });
    case Qt::Key_F5: return run([this] { setActive(false); });
    case Qt::Key_PageDown: return run([this] { setBlanked(false); Q_EMIT nextRequested(); });
    case Qt::Key_PageUp: return run([this] { setBlanked(false); Q_EMIT previousRequested(); });
    case Qt::Key_B: return run([this] { setBlanked(!isBlanked()); });
    case Qt::Key_Period: return run([this] { Q_EMIT playPauseRequested(); });
    default: return false;
    }
}

bool Presentation::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_window && event->type() == QEvent::Resize && m_blank)
        m_blank->setGeometry(m_window->rect());
    if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
        return QObject::eventFilter(watched, event);
    // Only keys meant for this window (a dialog over it keeps its own), each once: the filter sees
    // the event at every widget it passes through.
    const bool ours = watched->isWidgetType() ? static_cast<QWidget*>(watched)->window() == m_window
                                              : watched == m_window->windowHandle(); // nothing has focus
    if (!ours || QApplication::activeWindow() != m_window)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    if (event->type() == QEvent::ShortcutOverride) {
        // Claimed here, so that no shortcut of a view or menu takes the key; acted on at the KeyPress.
        if (handleKey(key->key(), key->modifiers(), false)) {
            event->accept();
            return true;
        }
        return QObject::eventFilter(watched, event);
    }
    if (key->isAutoRepeat() && (key->key() == Qt::Key_B || key->key() == Qt::Key_Period || key->key() == Qt::Key_F5))
        return true;
    return handleKey(key->key(), key->modifiers(), true) || QObject::eventFilter(watched, event);
}

} // namespace ksv
