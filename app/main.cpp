// kschedviz: the command line, and the desktop app when a display is there.
#include "checkcommand.h"
#include "explaincommand.h"
#include "extendercommand.h"
#include "livecommands.h"
#include "runcommand.h"
#include "whatifcommands.h"
#include "commandline.h"
#include "commandhelp.h"
#include "completion.h"

#include <QCoreApplication>
#include <QTextStream>

#ifdef KSV_WITH_GUI
#include "exportcommand.h"
#include "language.h"
#include "lessoncontrols.h"
#include "lessonplayer.h"
#include "mainwindow.h"
#include "presentation.h"
#include "playbackcontroller.h"
#include "run.h"
#include "theme.h"
#include "viewstate.h"

#include <QApplication>
#include <QIcon>
#include <QTimer>
#endif

#include <cstdio>

#include <openssl/crypto.h>

namespace {

void setApplicationNames()
{
    QCoreApplication::setOrganizationName(QStringLiteral("kschedviz"));
    QCoreApplication::setApplicationName(QStringLiteral("kschedviz"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KSV_VERSION));
}

#ifdef KSV_WITH_GUI
bool hasDisplay()
{
    return qEnvironmentVariableIsSet("QT_QPA_PLATFORM") || qEnvironmentVariableIsSet("DISPLAY")
        || qEnvironmentVariableIsSet("WAYLAND_DISPLAY");
}

int runGui(int argc, char** argv, const ksv::cli::Options& options)
{
    QApplication app(argc, argv);
    setApplicationNames();
    // The launcher's icon and entry (packaging/): Wayland compositors match the window by this name.
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/io.kschedviz.kschedviz.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("io.kschedviz.kschedviz"));
    // Before any widget: the system locale's language, or View > Language's choice.
    ksv::language::install(ksv::language::saved());
    using ksv::theme::Theme;
    ksv::theme::apply(options.theme == QLatin1String("light") ? Theme::Light
                      : options.theme == QLatin1String("dark")  ? Theme::Dark
                      : options.theme == QLatin1String("system") ? Theme::System
                                                                 : ksv::theme::saved());
    // A screenshot or an export has nobody to close a dialog: failures end it with a status instead.
    const bool exporting = options.command == ksv::cli::Command::Export;
    const bool capture = exporting || !options.screenshotDir.isEmpty();
    if (capture)
        qputenv("KSV_NO_DIALOGS", "1");
    ksv::MainWindow window;
    if (exporting) // before show(): the default layout is laid out for this size
        window.resize(options.size.isEmpty() ? ksv::cli::exportDefaultSize : options.size);
    if (!options.config.isEmpty())
        window.openSchedulerConfig(options.config);
    if (options.kubernetesVersion)
        window.setKubernetesVersion(options.kubernetesVersion);
    if (!options.kubeconfig.isEmpty() || !options.context.isEmpty())
        window.openCluster(options.kubeconfig, options.context);
    else if (!options.lesson.isEmpty())
        window.openScenario(ksv::LessonControls::bundledLessonPath(options.lesson));
    else
        window.openScenario(options.scenario.isEmpty() ? ksv::cli::defaultSample : options.scenario);
    window.show();
    if (options.present)
        window.lessons()->presentation()->setActive(true);
    // The desktop file's "Connect to Cluster" action: the dialog over the default sample's window.
    if (options.connect)
        QTimer::singleShot(0, &window, [&window] { window.showConnectDialog(); });
    ksv::PlaybackController* playback = window.playback();
    // Once loaded: go to --at, then (for --screenshot) wait until the cursor is there and save. A live
    // cluster has no virtual time to go to: there --at is how long after its first snapshot the
    // screenshot is taken, and later snapshots (each says scenarioLoaded) start nothing.
    const bool live = window.liveMode();
    QObject::connect(&window, &ksv::MainWindow::scenarioLoaded, &window, [&window, &options, playback, live, capture, exporting] {
        static bool screenshotStarted = false;
        if (options.atNanos && !live)
            playback->seek(*options.atNanos);
        if (!capture || screenshotStarted)
            return;
        screenshotStarted = true;
        auto* poll = new QTimer(&window);
        QObject::connect(poll, &QTimer::timeout, &window, [&window, &options, playback, poll, live, exporting] {
            if (exporting && options.lessonHandout && playback->run()) {
                // Chapter by chapter, whether or not anything happens at t=0.
                poll->stop();
                if (!window.lessons()->player()->lesson()) {
                    QTextStream(stderr) << QStringLiteral("kschedviz: ") << options.scenario << QStringLiteral(": no spec.lesson to export") << Qt::endl;
                    QCoreApplication::exit(ksv::cli::ExitBadInput);
                    return;
                }
                window.lessons()->recordHandout(true, options.output, [](bool ok, const QString& message) {
                    if (!ok)
                        QTextStream(stderr) << QStringLiteral("kschedviz: ") << message << Qt::endl;
                    QCoreApplication::exit(ok ? ksv::cli::ExitOk : ksv::cli::ExitFailure);
                });
                return;
            }
            const bool there = live || !options.atNanos || playback->viewState()->cursorTime() >= *options.atNanos || playback->isFinished();
            if (!there || !playback->run() || playback->run()->indexed() == 0)
                return;
            poll->stop();
            if (exporting && !options.select.isEmpty() && playback->run()->index().catalogue().podIndex(options.select) < 0) {
                // An export of another pod than asked for is worse than none: a bad argument.
                QTextStream(stderr) << QStringLiteral("kschedviz: --select: no pod ") << options.select << QStringLiteral(" in the scenario") << Qt::endl;
                QCoreApplication::exit(ksv::cli::ExitBadInput);
                return;
            }
            if (options.select.isEmpty())
                window.selectMostRetriedPod();
            else if (const qint32 pod = playback->run()->index().catalogue().podIndex(options.select); pod >= 0)
                ksv::selectPod(*playback->viewState(), playback->run(), pod);
            else
                qWarning("kschedviz: --select: no pod %s in the scenario", qPrintable(options.select));
            if (exporting)
                ksv::cli::prepareExport(window, options);
            // A live pod is explained off the GUI thread: give it time to be on the picture.
            const int delayMs = !live ? 300 : options.atNanos ? int(*options.atNanos / 1'000'000) : 3000;
            QTimer::singleShot(delayMs, &window, [&window, &options, exporting] {
                if (exporting) {
                    QTextStream err(stderr);
                    QCoreApplication::exit(ksv::cli::runExport(window, options, err));
                    return;
                }
                const bool saved = window.saveScreenshots(options.screenshotDir);
                QCoreApplication::exit(saved ? ksv::cli::ExitOk : ksv::cli::ExitFailure);
            });
        });
        poll->start(50);
    }, Qt::QueuedConnection);
    if (!options.screenshotDir.isEmpty() && live) {
        // A cluster that never lists (refused, unreachable) is pictured as it is: connecting, or failed.
        QTimer::singleShot(15'000, &window, [&window, &options] {
            if (window.playback()->run())
                return; // the first snapshot came: its own screenshot is on its way
            const bool saved = window.saveScreenshots(options.screenshotDir);
            QCoreApplication::exit(saved ? ksv::cli::ExitOk : ksv::cli::ExitFailure);
        });
    }
    if (capture) {
        QObject::connect(&window, &ksv::MainWindow::scenarioFailed, &window, [exporting](const QString& message) {
            if (exporting) // no window will show why: say it, as the other commands do
                QTextStream(stderr) << QStringLiteral("kschedviz: ") << message << Qt::endl;
            QCoreApplication::exit(ksv::cli::ExitBadInput);
        });
        if (!window.liveMode() && (!options.kubeconfig.isEmpty() || !options.context.isEmpty()))
            return ksv::cli::ExitBadInput; // the kubeconfig was refused, and said so
    }
    return QApplication::exec();
}
#endif

} // namespace

int main(int argc, char** argv)
{
    // OpenSSL frees its state in an exit handler; a Qt network thread still ending then (its
    // thread-local cleanup runs after QThread::wait() returns) read freed memory and crashed a
    // `kschedviz record` once in a test run. The process is ending: there is nothing to free.
    OPENSSL_init_crypto(OPENSSL_INIT_NO_ATEXIT, nullptr);
    using namespace ksv::cli;
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    QTextStream out(stdout);
    QTextStream err(stderr);

    const ParseResult parsed = parseArguments(arguments);
    if (!parsed.options) {
        err << QStringLiteral("kschedviz: ") << parsed.error << QStringLiteral("\n\n") << usage();
        return ExitBadInput;
    }
    const Options& options = *parsed.options;
    switch (options.command) {
    case Command::Help:
        out << (options.helpCommand.isEmpty() ? usage() : commandUsage(*findCommand(options.helpCommand)));
        return ExitOk;
    case Command::Completion:
        out << (options.shell == QLatin1String("zsh") ? zshCompletionScript() : bashCompletionScript());
        return ExitOk;
    case Command::Complete:
        // Never a message on the terminal mid-completion: a broken file just completes nothing.
        out << formatCompletion(complete(options.completeWords, CompletionSources::standard()));
        return ExitOk;
    case Command::Version:
        out << QStringLiteral("kschedviz " KSV_VERSION " (models kube-scheduler ") << ksv::version::modelledList()
            << QStringLiteral("; the default is ") << ksv::version::defaultVersion.toString() << QStringLiteral(")") << Qt::endl;
        return ExitOk;
    case Command::Check: {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return runCheck(options, out, err);
    }
    case Command::Explain: {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return runExplain(options, out, err);
    }
    case Command::Run: {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return runRun(options, out, err);
    }
    case Command::Capacity:
    case Command::Compare: {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return options.command == Command::Capacity ? runCapacity(options, out, err) : runCompare(options, out, err);
    }
    case Command::Extender: {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return runExtender(options, out, err);
    }
    case Command::Snapshot:
    case Command::Record:
    case Command::Pending:
    case Command::Shadow: {
        QCoreApplication app(argc, argv);
        setApplicationNames();
        return options.command == Command::Snapshot ? runSnapshot(options, out, err)
            : options.command == Command::Record    ? runRecord(options, out, err)
            : options.command == Command::Pending   ? runPending(options, out, err)
                                                    : runShadow(options, out, err);
    }
    case Command::Export:
        // Headless: the window is painted off screen unless a platform is asked for.
        if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        break;
    case Command::Gui:
        break;
    }
#ifdef KSV_WITH_GUI
    if (!hasDisplay()) {
        err << QStringLiteral("kschedviz: no display (DISPLAY and WAYLAND_DISPLAY are not set), so the desktop app cannot "
                              "start.\nHeadless, the same scenario is checked with:\n  kschedviz check ")
            << (options.scenario.isEmpty() ? QStringLiteral("samples/default.yaml") : options.scenario) << Qt::endl
            << QStringLiteral("or start the app on a virtual display: xvfb-run -a kschedviz") << Qt::endl;
        return ExitFailure;
    }
    return runGui(argc, argv, options);
#else
    err << QStringLiteral("kschedviz: built without the desktop app; use `kschedviz check SCENARIO`") << Qt::endl;
    return ExitFailure;
#endif
}
