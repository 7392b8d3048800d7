// Export (issue 19): the window and every view as PNG at 2x pixels and as SVG that parses and draws
// something; the charts' points and the event log's rows as RFC 4180 CSV that reads back to what the
// models hold; the PDF handout's pages; File > Export. (`kschedviz export` itself: tst_exportcommand.)
#include "chartsview.h"
#include "commandline.h"
#include "csvreader.h"
#include "csvexport.h"
#include "eventlogmodel.h"
#include "eventlogview.h"
#include "exportactions.h"
#include "exportfiles.h"
#include "exportviews.h"
#include "handout.h"
#include "imageexport.h"
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "run.h"
#include "viewstate.h"

#include <QAction>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QMenu>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

using namespace ksv;
using namespace ksv::exporting;
using namespace ksv::testing;

namespace {

constexpr VirtualNanos at = 20 * nanosPerSecond;

// More than one colour: something was drawn, not only the background.
bool hasContent(const QImage& image)
{
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3) {
            if (image.pixel(x, y) != first)
                return true;
        }
    }
    return false;
}

// Pages in a PDF: one "/Type /Page" object each (QPdfWriter writes them uncompressed).
int pdfPages(const QByteArray& pdf)
{
    return int(pdf.count("/Type /Page\n")) + int(pdf.count("/Type /Page ")) + int(pdf.count("/Type /Page\r"))
        + int(pdf.count("/Type /Page/"));
}

// A file written, kept for a human to look at (KSV_SCREENSHOT_DIR), replacing the last run's.
void keepShot(const QString& path, const QString& kept)
{
    QFile::remove(kept);
    QVERIFY(QFile::copy(path, kept));
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        qputenv("KSV_NO_DIALOGS", "1");
        QVERIFY(m_dir.isValid());
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1280, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::scenarioLoaded);
        m_window->openScenario(QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
        PlaybackController* playback = m_window->playback();
        playback->seek(at);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->viewState()->cursorTime() >= at, 30000);
        m_window->selectMostRetriedPod();
        QTest::qWait(300); // the views catch up with the cursor, one per turn of the event loop
    }

    void cleanupTestCase() { m_window.reset(); }

    void viewNamesAgree()
    {
        // The command line checks --view without linking the widgets: its list must be the window's.
        QCOMPARE(cli::exportViewNames(), standardViewNames());
        QStringList inWindow = viewNames(*m_window), standard = standardViewNames();
        inWindow.sort();
        standard.sort();
        QCOMPARE(inWindow, standard);
        for (const QString& name : standardViewNames())
            QCOMPARE(viewNameOf(*m_window, viewByName(*m_window, name)), name);
    }

    void csvField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::newRow("plain") << "node-a-0" << "node-a-0";
        QTest::newRow("empty") << "" << "";
        QTest::newRow("spaces kept") << " a b " << " a b ";
        QTest::newRow("comma") << "Insufficient cpu, Insufficient memory" << "\"Insufficient cpu, Insufficient memory\"";
        QTest::newRow("quote") << "say \"no\"" << "\"say \"\"no\"\"\"";
        QTest::newRow("newline") << "one\ntwo" << "\"one\ntwo\"";
        QTest::newRow("carriage return") << "one\r\ntwo" << "\"one\r\ntwo\"";
        QTest::newRow("unicode") << "new → Active · 1 µs" << "new → Active · 1 µs";
    }

    void csvField()
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QCOMPARE(exporting::csvField(text), field);
        QCOMPARE(csvRecord({text, text}), field + QLatin1Char(',') + field + QStringLiteral("\r\n"));
    }

    void modelCsvReadsBack()
    {
        QStandardItemModel model(0, 3);
        model.setHorizontalHeaderLabels({QStringLiteral("Name"), QStringLiteral("Reason, why"), QStringLiteral("Say \"it\"")});
        const QList<QStringList> rows {
            {QStringLiteral("a"), QStringLiteral("x, y"), QStringLiteral("\"quoted\"")},
            {QStringLiteral("b"), QStringLiteral("line\nbreak"), QString()},
            {QString(), QStringLiteral("\r\n"), QStringLiteral(",\",")},
        };
        for (const QStringList& row : rows) {
            QList<QStandardItem*> items;
            for (const QString& cell : row)
                items << new QStandardItem(cell);
            model.appendRow(items);
        }
        const QString path = m_dir.filePath(QStringLiteral("model.csv"));
        QVERIFY(saveModelCsv(model, path));
        const QList<QStringList> read = parseCsv(readAll(path));
        QCOMPARE(read.size(), rows.size() + 1);
        QCOMPARE(read.constFirst(), (QStringList {QStringLiteral("Name"), QStringLiteral("Reason, why"), QStringLiteral("Say \"it\"")}));
        QCOMPARE(read.mid(1), rows);
        QVERIFY(!saveModelCsv(model, m_dir.filePath(QStringLiteral("no/such/dir/model.csv"))));
    }

    void eventLogCsvIsTheModelsRows()
    {
        const QString path = m_dir.filePath(QStringLiteral("log.csv"));
        QString error;
        QVERIFY2(exportWindow(*m_window, path, QStringLiteral("eventlog"), &error), qPrintable(error));
        const EventLogModel* model = m_window->findChild<EventLogView*>()->model();
        QVERIFY(model->rowCount() > 100);
        const QList<QStringList> read = parseCsv(readAll(path));
        QCOMPARE(read.size(), model->rowCount() + 1);
        for (int column = 0; column < model->columnCount(); ++column)
            QCOMPARE(read[0][column], model->headerData(column, Qt::Horizontal).toString());
        bool commaSeen = false;
        for (int row = 0; row < model->rowCount(); ++row) {
            QCOMPARE(read[row + 1].size(), model->columnCount());
            for (int column = 0; column < model->columnCount(); ++column) {
                const QString cell = model->data(model->index(row, column)).toString();
                commaSeen = commaSeen || cell.contains(QLatin1Char(','));
                QCOMPARE(read[row + 1][column], cell);
            }
        }
        QVERIFY(commaSeen); // FailedScheduling's reasons: the quoting was exercised on real rows
    }

    void chartsCsvIsWhatThePlotsShow()
    {
        const QString path = m_dir.filePath(QStringLiteral("charts.csv"));
        QString error;
        QVERIFY2(exportWindow(*m_window, path, QStringLiteral("charts"), &error), qPrintable(error));
        const auto* charts = m_window->findChild<ChartsView*>();
        const QList<QStringList> read = parseCsv(readAll(path));
        QVERIFY(read.size() > 10);
        const QStringList header = read.constFirst();
        QCOMPARE(header.mid(0, 2), (QStringList {QStringLiteral("time"), QStringLiteral("seconds")}));
        int column = 2;
        for (int chart = 0; chart < ChartsView::ChartCount; ++chart) {
            for (int series = 0; series < charts->seriesCount(chart); ++series, ++column) {
                QVERIFY2(header.value(column).endsWith(QStringLiteral(": ") + charts->seriesName(chart, series)), qPrintable(header.value(column)));
                // Every point at its time, and no value where the series has none.
                QList<QPointF> fromCsv;
                for (const QStringList& row : read.mid(1)) {
                    QCOMPARE(row.size(), header.size());
                    if (!row[column].isEmpty())
                        fromCsv << QPointF(row[1].toDouble(), row[column].toDouble());
                }
                const QList<QPointF> points = charts->seriesPoints(chart, series);
                QCOMPARE(fromCsv.size(), points.size());
                for (qsizetype i = 0; i < points.size(); ++i) {
                    QCOMPARE(fromCsv[i].x(), points[i].x());
                    QVERIFY(qAbs(fromCsv[i].y() - points[i].y()) <= 1e-8 * std::max(1.0, qAbs(points[i].y())));
                }
            }
        }
        QCOMPARE(column, header.size());
        QCOMPARE(read[1][0], QStringLiteral("0:01.000")); // the clock, as the axis and the tooltips print it
    }

    void csvOnlyForChartsAndLog()
    {
        QString error;
        QVERIFY(!exportWindow(*m_window, m_dir.filePath(QStringLiteral("heatmap.csv")), QStringLiteral("heatmap"), &error));
        QVERIFY2(error.contains(QStringLiteral("charts and the event log")), qPrintable(error));
        QVERIFY(!exportWindow(*m_window, m_dir.filePath(QStringLiteral("x.jpg")), {}, &error));
        QVERIFY2(error.contains(QStringLiteral(".png, .svg, .csv or .pdf")), qPrintable(error));
        QVERIFY(!exportWindow(*m_window, m_dir.filePath(QStringLiteral("x.png")), QStringLiteral("nosuchview"), &error));
        QVERIFY2(error.contains(QStringLiteral("nosuchview")), qPrintable(error));
    }

    void pngIsTwiceTheSize_data()
    {
        QTest::addColumn<QString>("view");
        QTest::newRow("window") << QString();
        for (const QString& name : standardViewNames())
            QTest::newRow(qPrintable(name)) << name;
    }

    void pngIsTwiceTheSize()
    {
        QFETCH(QString, view);
        if (!view.isEmpty())
            raiseView(*m_window, view);
        QTest::qWait(50);
        QWidget* widget = view.isEmpty() ? m_window.get() : viewByName(*m_window, view);
        QVERIFY(widget);
        const QString path = m_dir.filePath((view.isEmpty() ? QStringLiteral("window") : view) + QStringLiteral(".png"));
        QString error;
        QVERIFY2(exportWindow(*m_window, path, view, &error), qPrintable(error));
        const QImage image(path);
        QCOMPARE(image.size(), widget->size() * 2);
        QVERIFY(hasContent(image));
        const QString shots = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            keepShot(path, shots + QStringLiteral("/export-") + QFileInfo(path).fileName());
    }

    void svgParsesAndDraws_data() { pngIsTwiceTheSize_data(); }

    void svgParsesAndDraws()
    {
        QFETCH(QString, view);
        if (!view.isEmpty())
            raiseView(*m_window, view);
        QTest::qWait(50);
        QWidget* widget = view.isEmpty() ? m_window.get() : viewByName(*m_window, view);
        const QString path = m_dir.filePath((view.isEmpty() ? QStringLiteral("window") : view) + QStringLiteral(".svg"));
        QString error;
        QVERIFY2(exportWindow(*m_window, path, view, &error), qPrintable(error));
        QSvgRenderer renderer(path);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.defaultSize(), widget->size());
        QImage drawn(renderer.defaultSize(), QImage::Format_ARGB32_Premultiplied);
        drawn.fill(Qt::white);
        QPainter painter(&drawn);
        renderer.render(&painter);
        painter.end();
        QVERIFY(hasContent(drawn));
        QVERIFY(readAll(path).contains("<text")); // text stays text
        const QString shots = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(drawn.save(shots + QStringLiteral("/export-") + QFileInfo(path).completeBaseName() + QStringLiteral("-svg.png")));
    }

    void handoutHasAPagePerEntry()
    {
        const QImage picture = captureWindow(m_window.get());
        QCOMPARE(picture.size(), m_window->size() * 2);
        QCOMPARE(picture.devicePixelRatio(), 2.0);
        QString longText;
        for (int i = 0; i < 200; ++i)
            longText += QStringLiteral("The pod waits in backoffQ until its backoff expires. ");
        const QList<HandoutPage> pages {
            {QStringLiteral("1. The three queues"), QStringLiteral("activeQ, backoffQ and the unschedulable pods.\nBackoff: 1, 2, 4, 8, 10 s."),
             QStringLiteral("pkg/scheduler/backend/queue/scheduling_queue.go: PriorityQueue"), picture},
            {QStringLiteral("2. A page without a picture"), QStringLiteral("Only words."), QString(), QImage()},
            {QStringLiteral("3. A long text is cut, the picture stays"), longText, QStringLiteral("pkg/scheduler/schedule_one.go: schedulingCycle"), picture},
        };
        const QString path = m_dir.filePath(QStringLiteral("handout.pdf"));
        QString error;
        QVERIFY2(writeHandout(path, pages, &error), qPrintable(error));
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY2(pdf.contains("/Count 3"), pdf.left(2000).constData());
        QCOMPARE(pdfPages(pdf), 3);
        const QString shots = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            keepShot(path, shots + QStringLiteral("/export-handout.pdf"));

        QVERIFY(!writeHandout(m_dir.filePath(QStringLiteral("none.pdf")), {}, &error));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("none.pdf"))));
        QVERIFY(!writeHandout(m_dir.filePath(QStringLiteral("no/such/dir/h.pdf")), pages, &error));
        QVERIFY2(error.contains(QStringLiteral("no/such/dir/h.pdf")), qPrintable(error));
    }

    void windowAsPdfIsOnePage()
    {
        const QString path = m_dir.filePath(QStringLiteral("window.pdf"));
        QString error;
        QVERIFY2(exportWindow(*m_window, path, {}, &error), qPrintable(error));
        QVERIFY(readAll(path).contains("/Count 1"));
        const HandoutPage page = windowPage(*m_window, m_window.get());
        QVERIFY2(page.title.endsWith(QStringLiteral(" at 0:20.000")), qPrintable(page.title));
        QVERIFY2(page.text.contains(QStringLiteral("Selected pod: default/")), qPrintable(page.text));
        QVERIFY2(page.text.contains(QStringLiteral("default.yaml (Kubernetes v1.32, seed 1)")), qPrintable(page.text));
        QVERIFY2(page.text.contains(QStringLiteral("unschedulable 2")), qPrintable(page.text)); // the status bar's counts
    }

    void exportMenu()
    {
        auto* actions = m_window->findChild<ExportActions*>();
        QVERIFY(actions);
        QStringList texts;
        for (QAction* action : actions->menu()->actions())
            texts << action->text().remove(QLatin1Char('&'));
        for (const char* expected : {"Window as PNG…", "Window as SVG…", "Window as PDF Handout…", "Charts Data as CSV…", "Event Log as CSV…"})
            QVERIFY2(texts.contains(QString::fromUtf8(expected)), qPrintable(texts.join(QLatin1Char('|'))));

        // The view last clicked (or focused) is the current view.
        raiseView(*m_window, QStringLiteral("heatmap"));
        QWidget* heatmap = viewByName(*m_window, QStringLiteral("heatmap"));
        QTest::mouseClick(heatmap, Qt::LeftButton, {}, QPoint(5, 5));
        QCOMPARE(actions->currentView(), QStringLiteral("heatmap"));
        Q_EMIT actions->menu()->aboutToShow();
        QAction* viewPng = nullptr;
        for (QAction* action : actions->menu()->actions()) {
            if (action->text().startsWith(QStringLiteral("Current View (Nodes Heatmap) as PNG")))
                viewPng = action;
        }
        QVERIFY(viewPng);

        QString asked;
        actions->setPathChooser([&](const QString&, const QString& suggested, const QString&) {
            asked = suggested;
            return m_dir.filePath(QStringLiteral("menu-heatmap")); // no suffix: the action adds it
        });
        viewPng->trigger();
        QVERIFY2(asked.endsWith(QStringLiteral("default-heatmap-0-20.000.png")), qPrintable(asked));
        QCOMPARE(QImage(m_dir.filePath(QStringLiteral("menu-heatmap.png"))).size(), heatmap->size() * 2);

        const QString shots = qEnvironmentVariable("KSV_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            actions->menu()->popup(m_window->mapToGlobal(QPoint(0, 0)));
            QTest::qWait(100);
            QVERIFY(actions->menu()->grab().save(shots + QStringLiteral("/export-menu.png")));
            actions->menu()->hide();
        }

        // Cancelled: nothing written, nothing said.
        actions->setPathChooser([](const QString&, const QString&, const QString&) { return QString(); });
        viewPng->trigger();
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
