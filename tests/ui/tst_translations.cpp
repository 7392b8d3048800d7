// The zh_CN translation is complete: lupdate run on ui/ now (as `--target ksv_lupdate` runs it) finds
// no string that the committed ui/i18n/kschedviz_zh_CN.ts lacks, and every message of that file is
// translated, with the same placeholders and a keyboard mnemonic wherever the English has one. And
// the window, with the built .qm installed, shows them: a string lupdate files under another context
// than tr() looks up at run time would be translated in the file and English on screen.
#include "mainwindow.h"
#include "playbackcontroller.h"
#include "run.h"
#include "trace/event.h"

#include <QAbstractButton>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTranslator>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <map>

namespace {

struct Message {
    QString context;
    QString source;
    QString comment;
    QStringList translations; // one, or the numerus forms
    bool unfinished = false;
    bool obsolete = false;
};

QList<Message> readTs(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            message = Message{context, {}, {}, {}, false, false};
        } else if (name == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            message.comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            message.unfinished = type == QLatin1String("unfinished");
            message.obsolete = type == QLatin1String("obsolete") || type == QLatin1String("vanished");
            // Either text, or <numerusform> children.
            QString text;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    message.translations.append(xml.readElementText());
                else if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                    break;
            }
            if (message.translations.isEmpty())
                message.translations.append(text);
            messages.append(message);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QString key(const Message& message)
{
    return message.context + QLatin1Char('\x1f') + message.source + QLatin1Char('\x1f') + message.comment;
}

QString describe(const Message& message)
{
    return QStringLiteral("[%1] \"%2\"").arg(message.context, message.source);
}

// %1 to %99 and %n, each once however often it appears.
QStringList placeholders(const QString& text)
{
    static const QRegularExpression placeholder(QStringLiteral("%(?:L?[1-9][0-9]?|n)"));
    QStringList found;
    for (const auto& match : placeholder.globalMatch(text))
        found.append(match.captured().remove(QLatin1Char('L')));
    found.removeDuplicates();
    found.sort();
    return found;
}

bool hasMnemonic(const QString& text)
{
    static const QRegularExpression mnemonic(QStringLiteral("&[^&\\s]"));
    return text.contains(mnemonic) && !text.contains(QLatin1String("&nbsp;")) && !text.contains(QLatin1String("&#"))
        && !text.contains(QLatin1String("&amp;")) && !text.contains(QLatin1String("&lt;")) && !text.contains(QLatin1String("&gt;"));
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QString error;
        m_committed = readTs(QStringLiteral(KSV_TS_FILE), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!m_committed.isEmpty());

        // A fresh extraction, without the committed file, so lupdate's own merging hides nothing.
        QVERIFY(m_dir.isValid());
        const QString extracted = m_dir.filePath(QStringLiteral("extracted_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(KSV_LUPDATE), {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                                                    QStringLiteral(KSV_UI_DIR), QStringLiteral("-ts"), extracted});
        QVERIFY2(lupdate.waitForFinished(120'000), "lupdate did not finish");
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, lupdate.readAll().constData());
        m_extracted = readTs(extracted, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // The UI has hundreds of strings: a handful means lupdate read the wrong directory.
        QVERIFY2(m_extracted.size() > 500, qPrintable(QString::number(m_extracted.size())));
    }

    // A new tr() string that nobody translated fails here.
    void everyUiStringIsInTheTranslation()
    {
        QSet<QString> committed;
        for (const Message& message : std::as_const(m_committed)) {
            if (!message.obsolete)
                committed.insert(key(message));
        }
        QStringList missing;
        for (const Message& message : std::as_const(m_extracted)) {
            if (!committed.contains(key(message)))
                missing.append(describe(message));
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 UI string(s) missing from kschedviz_zh_CN.ts (run `cmake --build build --target ksv_lupdate`, then translate them):\n  ")
                                                   .arg(missing.size())
                                               + missing.join(QStringLiteral("\n  "))));
    }

    // A string that is gone from the sources is gone from the file too, so the file stays the UI's.
    void noStaleMessages()
    {
        QSet<QString> extracted;
        for (const Message& message : std::as_const(m_extracted))
            extracted.insert(key(message));
        QStringList stale;
        for (const Message& message : std::as_const(m_committed)) {
            if (message.obsolete || !extracted.contains(key(message)))
                stale.append(describe(message));
        }
        QVERIFY2(stale.isEmpty(), qPrintable(QStringLiteral("%1 message(s) of kschedviz_zh_CN.ts no longer in the sources (run ksv_lupdate):\n  ").arg(stale.size())
                                             + stale.join(QStringLiteral("\n  "))));
    }

    void everyMessageIsTranslated()
    {
        QStringList untranslated;
        for (const Message& message : std::as_const(m_committed)) {
            const bool empty = std::ranges::any_of(message.translations, [](const QString& t) { return t.trimmed().isEmpty(); });
            if (message.unfinished || empty)
                untranslated.append(describe(message));
        }
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("%1 message(s) untranslated:\n  ").arg(untranslated.size())
                                                    + untranslated.join(QStringLiteral("\n  "))));
    }

    // "%1 of %2" must keep both: a lost placeholder shows a raw "%2" or drops a value.
    void placeholdersAndMnemonicsAreKept()
    {
        QStringList wrong;
        for (const Message& message : std::as_const(m_committed)) {
            for (const QString& translation : message.translations) {
                if (placeholders(translation) != placeholders(message.source))
                    wrong.append(describe(message) + QStringLiteral(" → \"") + translation + QStringLiteral("\": placeholders differ"));
                else if (hasMnemonic(message.source) && !hasMnemonic(translation))
                    wrong.append(describe(message) + QStringLiteral(" → \"") + translation + QStringLiteral("\": lost its & mnemonic"));
            }
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
    }

    // Menus, actions, dock titles, labels, buttons and placeholders of the window with a scenario
    // loaded: none shows an English source text whose translation differs from it.
    void windowShowsTheTranslation()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QTranslator translator;
        QVERIFY2(translator.load(QStringLiteral(KSV_QM_FILE)), KSV_QM_FILE);
        QCOMPARE(translator.language(), QStringLiteral("zh_CN"));
        QVERIFY(QCoreApplication::installTranslator(&translator));
        QMultiHash<QString, QString> translations; // source → its translations
        for (const Message& message : std::as_const(m_committed))
            translations.insert(message.source, message.translations.constFirst());

        // The engine's names stay as upstream's (the event log's kinds, the queues): not the UI's words,
        // even where one is spelt like a UI string ("Preemption").
        QSet<QString> engineNames;
        for (int kind = 0; kind < ksv::trace::eventKindCount; ++kind)
            engineNames.insert(ksv::trace::toString(static_cast<ksv::trace::EventKind>(kind)));
        for (int location = 0; location < ksv::trace::podLocationCount; ++location)
            engineNames.insert(ksv::trace::toString(static_cast<ksv::trace::PodLocation>(location)));

        QStringList english;
        qsizetype translated = 0;
        const auto check = [&](const QString& text, const QString& where) {
            if (text.isEmpty() || !translations.contains(text) || engineNames.contains(text))
                return;
            if (translations.values(text).contains(text)) // translated as itself: activeQ, Filter, ...
                return;
            english.append(where + QStringLiteral(": \"") + text + QLatin1Char('"'));
        };
        {
            ksv::MainWindow window;
            window.show();
            QSignalSpy loaded(&window, &ksv::MainWindow::scenarioLoaded);
            window.openScenario(QStringLiteral(KSV_SAMPLES_DIR "/default.yaml"));
            QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 10000);
            QTRY_VERIFY_WITH_TIMEOUT(window.playback()->run()->indexed() > 0, 10000);
            for (QAction* action : window.findChildren<QAction*>()) {
                check(action->text(), QStringLiteral("action"));
                check(action->toolTip(), QStringLiteral("tooltip"));
                if (QMenu* menu = action->menu())
                    check(menu->title(), QStringLiteral("menu"));
            }
            for (QDockWidget* dock : window.findChildren<QDockWidget*>())
                check(dock->windowTitle(), QStringLiteral("dock"));
            for (QLabel* label : window.findChildren<QLabel*>())
                check(label->text(), QStringLiteral("label"));
            for (QAbstractButton* button : window.findChildren<QAbstractButton*>())
                check(button->text(), QStringLiteral("button"));
            for (QLineEdit* edit : window.findChildren<QLineEdit*>())
                check(edit->placeholderText(), QStringLiteral("placeholder"));
            for (QMenu* menu : window.menuBar()->findChildren<QMenu*>())
                translated += menu->title().contains(QRegularExpression(QStringLiteral("\\p{Han}"))) ? 1 : 0;
        }
        QCoreApplication::removeTranslator(&translator);
        QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("shown in English although translated (a context lupdate got wrong?):\n  ")
                                               + english.join(QStringLiteral("\n  "))));
        QVERIFY2(translated >= 4, "the menus are not in Chinese: was the translation loaded?");
    }

private:
    QTemporaryDir m_dir;
    QList<Message> m_committed;
    QList<Message> m_extracted;
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
