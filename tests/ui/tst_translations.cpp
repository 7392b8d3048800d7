// The zh_CN translation is complete: lupdate run on ui/ now (as `--target ksv_lupdate` runs it) finds
// no string that the committed ui/i18n/kschedviz_zh_CN.ts lacks, and every message of that file is
// translated, with the same placeholders and a keyboard mnemonic wherever the English has one.
#include <QProcess>
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

private:
    QTemporaryDir m_dir;
    QList<Message> m_committed;
    QList<Message> m_extracted;
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
