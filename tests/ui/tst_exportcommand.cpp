// `kschedviz export` run as a user runs it: the files it writes (PNG at 2x the --size, SVG, CSV,
// a one-page PDF) and its bad arguments, each one message and exit status 2.
#include "csvreader.h"
#include "../sanitizers/lsantracer.h"

#include <QImage>
#include <QProcess>
#include <QSize>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv::testing;

namespace {

struct Command
{
    int status = -1;
    QString err;
};

Command runOnce(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(KSV_BINARY), arguments);
    if (!process.waitForFinished(120'000)) {
        process.kill();
        process.waitForFinished();
        return {-1, QStringLiteral("timed out")};
    }
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromLocal8Bit(process.readAllStandardError())};
}

// Once more when the only failure was LeakSanitizer's tracer crashing at exit (lsantracer.h); a
// second crash, or any other failure, stands.
Command runKschedviz(const QStringList& arguments)
{
    const Command first = runOnce(arguments);
    if (first.status == 0 || !lsanTracerCrashed(first.err))
        return first;
    qWarning("kschedviz %s: LeakSanitizer's tracer crashed at exit; running it once more", qPrintable(arguments.join(QLatin1Char(' '))));
    return runOnce(arguments);
}

} // namespace

class TestExportCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void command_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QSize>("pngSize"); // of a PNG; else empty
        const QString sample = QStringLiteral(KSV_SAMPLES_DIR "/default.yaml");
        QTest::newRow("window png") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--at"), QStringLiteral("20s"),
                                                    QStringLiteral("--size"), QStringLiteral("1000x700")}
                                    << QStringLiteral("w.png") << QSize(2000, 1400);
        QTest::newRow("view svg") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--at"), QStringLiteral("20s"),
                                                  QStringLiteral("--view"), QStringLiteral("timeline")}
                                  << QStringLiteral("t.svg") << QSize();
        QTest::newRow("event log csv") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--at"), QStringLiteral("20s"),
                                                       QStringLiteral("--view"), QStringLiteral("eventlog"), QStringLiteral("--select"),
                                                       QStringLiteral("default/ml-training-0")}
                                       << QStringLiteral("l.csv") << QSize();
        QTest::newRow("pdf") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--at"), QStringLiteral("10s")}
                             << QStringLiteral("w.pdf") << QSize();
        // A lesson's handout, a page per chapter; 05-preemption has nothing at t=0 to wait for.
        QTest::newRow("lesson handout") << QStringList {QStringLiteral("export"), QStringLiteral(KSV_SAMPLES_DIR "/lessons/01-queues.yaml"),
                                                        QStringLiteral("--lesson")}
                                        << QStringLiteral("lesson.pdf") << QSize();
        QTest::newRow("lesson handout, nothing at 0s")
            << QStringList {QStringLiteral("export"), QStringLiteral(KSV_SAMPLES_DIR "/lessons/05-preemption.yaml"), QStringLiteral("--lesson")}
            << QStringLiteral("preemption.pdf") << QSize();
    }

    void command()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, file);
        QFETCH(QSize, pngSize);
        const QString path = m_dir.filePath(QStringLiteral("command-") + file);
        const Command result = runKschedviz(arguments << QStringLiteral("-o") << path);
        QVERIFY2(result.status == 0, qPrintable(result.err));
        const QByteArray bytes = readAll(path);
        QVERIFY(!bytes.isEmpty());
        if (pngSize.isValid())
            QCOMPARE(QImage(path).size(), pngSize);
        if (file.endsWith(QLatin1String(".svg")))
            QVERIFY(QSvgRenderer(path).isValid());
        if (file == QLatin1String("lesson.pdf"))
            QVERIFY2(bytes.contains("/Count 9"), "one page per chapter of lesson 1");
        else if (file == QLatin1String("preemption.pdf"))
            QVERIFY2(bytes.contains("/Count 7"), "one page per chapter of lesson 5");
        else if (file.endsWith(QLatin1String(".pdf")))
            QVERIFY(bytes.contains("/Count 1"));
        if (file.endsWith(QLatin1String(".csv"))) {
            const QList<QStringList> read = parseCsv(bytes);
            QVERIFY(read.size() > 100);
            QCOMPARE(read.constFirst().constFirst(), QStringLiteral("Time"));
        }
    }

    void commandBadArguments_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString sample = QStringLiteral(KSV_SAMPLES_DIR "/default.yaml");
        const QString out = QStringLiteral("/tmp/ksv-never-written.png");
        const QString at = QStringLiteral("--at");
        QTest::newRow("no at") << QStringList {QStringLiteral("export"), sample, QStringLiteral("-o"), out}
                               << QStringLiteral("export needs --at DURATION");
        QTest::newRow("no output") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s")}
                                   << QStringLiteral("export needs -o FILE");
        QTest::newRow("no scenario") << QStringList {QStringLiteral("export"), at, QStringLiteral("5s"), QStringLiteral("-o"), out}
                                     << QStringLiteral("export needs exactly one scenario file");
        QTest::newRow("bad suffix") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s"), QStringLiteral("-o"), QStringLiteral("x.jpg")}
                                    << QStringLiteral("the format follows the suffix");
        QTest::newRow("csv of the window") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s"), QStringLiteral("-o"), QStringLiteral("x.csv")}
                                           << QStringLiteral("export to CSV needs --view charts or --view eventlog");
        QTest::newRow("csv of the heatmap") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s"), QStringLiteral("--view"),
                                                            QStringLiteral("heatmap"), QStringLiteral("-o"), QStringLiteral("x.csv")}
                                            << QStringLiteral("export to CSV needs --view charts or --view eventlog");
        QTest::newRow("unknown view") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s"), QStringLiteral("--view"),
                                                      QStringLiteral("gantt"), QStringLiteral("-o"), out}
                                      << QStringLiteral("--view: no view named gantt");
        QTest::newRow("bad size") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s"), QStringLiteral("--size"),
                                                  QStringLiteral("big"), QStringLiteral("-o"), out}
                                  << QStringLiteral("--size needs WIDTHxHEIGHT");
        QTest::newRow("view for run") << QStringList {QStringLiteral("run"), sample, QStringLiteral("--view"), QStringLiteral("charts")}
                                      << QStringLiteral("--view and --size are for export");
        QTest::newRow("no such pod") << QStringList {QStringLiteral("export"), sample, at, QStringLiteral("5s"), QStringLiteral("--select"),
                                                     QStringLiteral("default/nobody"), QStringLiteral("-o"), out}
                                     << QStringLiteral("--select: no pod default/nobody in the scenario");
        QTest::newRow("lesson and at") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--lesson"), at, QStringLiteral("5s"),
                                                       QStringLiteral("-o"), QStringLiteral("/tmp/ksv-never-written.pdf")}
                                       << QStringLiteral("export: --at or --lesson, not both");
        QTest::newRow("lesson to png") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--lesson"), QStringLiteral("-o"), out}
                                       << QStringLiteral("export --lesson writes a PDF handout: -o FILE.pdf");
        QTest::newRow("no lesson") << QStringList {QStringLiteral("export"), sample, QStringLiteral("--lesson"), QStringLiteral("-o"),
                                                   QStringLiteral("/tmp/ksv-never-written.pdf")}
                                   << QStringLiteral("default.yaml: no spec.lesson to export");
        QTest::newRow("missing file") << QStringList {QStringLiteral("export"), QStringLiteral("/no/such/scenario.yaml"), at, QStringLiteral("5s"),
                                                      QStringLiteral("-o"), out}
                                      << QString(); // the loader's message, as for --screenshot
    }

    void commandBadArguments()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Command result = runKschedviz(arguments);
        QCOMPARE(result.status, 2);
        QVERIFY2(result.err.contains(message), qPrintable(result.err));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/ksv-never-written.png")));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/ksv-never-written.pdf")));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
