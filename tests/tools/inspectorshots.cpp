// Screenshots of the pod inspector's harder cases, for a reader to look at: a gang's attempt
// rejected at or after Permit, and the attempts of a preempting pod (preemption prepared, the
// nominated node first, many Score plugins; the first also in the dark theme). Not a test: it asserts
// nothing, it saves PNGs. The whole window is `kschedviz --screenshot DIR`.
//
//   build/tests/tools/inspectorshots DIR
//
// It sets the offscreen platform itself.
#include "attempttablemodel.h"
#include "framework/status.h"
#include "playbackhelpers.h"
#include "podinspector.h"
#include "theme.h"

#include <QApplication>
#include <QDir>

#include <cstdio>

using namespace ksv;
using namespace ksv::testing;
using framework::Code;

namespace {

struct Shots
{
    QString directory;
    int saved = 0;
    int failed = 0;

    void save(QWidget& widget, const QString& name)
    {
        QTest::qWait(20); // the table's and the outcome's layouts settle
        const QString path = QDir(directory).filePath(name + QStringLiteral(".png"));
        if (widget.grab().save(path)) {
            ++saved;
            std::printf("%s\n", qPrintable(path));
        } else {
            ++failed;
            std::fprintf(stderr, "inspectorshots: could not write %s\n", qPrintable(path));
        }
    }
};

// Runs the sample to its end with an inspector shown at 1400 × 900.
bool open(Session& session, PodInspector& inspector, const QString& name)
{
    session.attach(inspector);
    inspector.resize(1400, 900);
    inspector.show();
    if (!QTest::qWaitForWindowExposed(&inspector) || !runToEnd(session, name)) {
        std::fprintf(stderr, "inspectorshots: %s did not run to its end\n", qPrintable(name));
        return false;
    }
    return true;
}

void permit(Shots& shots)
{
    Session session;
    PodInspector inspector(&session.view);
    if (!open(session, inspector, QStringLiteral("gang-scheduling.yaml"))) {
        ++shots.failed;
        return;
    }
    for (size_t cycle = 0; cycle < session.run().index().cycles().size(); ++cycle) {
        session.selectCycle(qint32(cycle));
        const auto& results = inspector.attemptModel()->pluginResults();
        const bool rejectedLater = std::any_of(results.cbegin(), results.cend(), [](const auto& r) {
            return r.point >= framework::ExtensionPoint::Permit && r.code != Code::Success && r.code != Code::Skip && r.code != Code::Wait;
        });
        if (rejectedLater) {
            shots.save(inspector, QStringLiteral("inspector-permit"));
            return;
        }
    }
    std::fprintf(stderr, "inspectorshots: no attempt of gang-scheduling.yaml was rejected at or after Permit\n");
    ++shots.failed;
}

void preemption(Shots& shots)
{
    Session session;
    PodInspector inspector(&session.view);
    if (!open(session, inspector, QStringLiteral("priority-preemption.yaml"))) {
        ++shots.failed;
        return;
    }
    const trace::TraceIndex& index = session.run().index();
    int saved = 0;
    for (size_t cycle = 0; cycle < index.cycles().size() && saved < 3; ++cycle) {
        session.selectCycle(qint32(cycle));
        QTest::qWait(20);
        const AttemptTableModel& attempt = *inspector.attemptModel();
        const bool preempted = !attempt.preemptionNode().isEmpty();
        const bool nominated = attempt.nominatedFirstRow() >= 0;
        if ((saved == 0 && preempted) || (saved == 1 && nominated) || (saved == 2 && attempt.scorePluginCount() > 4)) {
            shots.save(inspector, QStringLiteral("inspector-preemption-%1").arg(saved));
            if (saved == 0) {
                theme::apply(theme::Theme::Dark);
                session.selectCycle(-1);
                session.selectCycle(qint32(cycle));
                shots.save(inspector, QStringLiteral("inspector-preemption-dark"));
                theme::apply(theme::Theme::Light);
            }
            ++saved;
        }
    }
    if (saved < 3) // the sample may not have every kind of attempt: say so, and keep what there is
        std::fprintf(stderr, "inspectorshots: priority-preemption.yaml has %d of the 3 kinds of attempt\n", saved);
}

} // namespace

int main(int argc, char** argv)
{
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() != 2) {
        std::fprintf(stderr, "usage: inspectorshots DIR\n");
        return 2;
    }
    theme::apply(theme::Theme::Light);
    Shots shots;
    shots.directory = arguments.at(1);
    QDir().mkpath(shots.directory);
    permit(shots);
    preemption(shots);
    return shots.failed == 0 ? 0 : 1;
}
