// Label selector and toleration semantics (apimachinery labels/selector_test.go, core/v1
// toleration_test.go).
#include "api/objects.h"

#include <QTest>

using namespace ksv;

class TestLabels : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void requirement_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("op");
        QTest::addColumn<QStringList>("values");
        QTest::addColumn<bool>("matches");
        // Labels for every row: {zone: a, size: 10}
        QTest::newRow("In hit") << "zone" << int(SelectorOperator::In) << QStringList {"a", "b"} << true;
        QTest::newRow("In miss") << "zone" << int(SelectorOperator::In) << QStringList {"c"} << false;
        QTest::newRow("In absent") << "rack" << int(SelectorOperator::In) << QStringList {"a"} << false;
        QTest::newRow("NotIn absent matches") << "rack" << int(SelectorOperator::NotIn) << QStringList {"a"} << true;
        QTest::newRow("NotIn hit") << "zone" << int(SelectorOperator::NotIn) << QStringList {"a"} << false;
        QTest::newRow("Exists") << "size" << int(SelectorOperator::Exists) << QStringList {} << true;
        QTest::newRow("DoesNotExist") << "size" << int(SelectorOperator::DoesNotExist) << QStringList {} << false;
        QTest::newRow("Gt true") << "size" << int(SelectorOperator::Gt) << QStringList {"9"} << true;
        QTest::newRow("Gt equal") << "size" << int(SelectorOperator::Gt) << QStringList {"10"} << false;
        QTest::newRow("Lt true") << "size" << int(SelectorOperator::Lt) << QStringList {"11"} << true;
        QTest::newRow("Gt non-integer label") << "zone" << int(SelectorOperator::Gt) << QStringList {"1"} << false;
        QTest::newRow("Gt absent") << "rack" << int(SelectorOperator::Gt) << QStringList {"1"} << false;
    }

    void requirement()
    {
        QFETCH(QString, key);
        QFETCH(int, op);
        QFETCH(QStringList, values);
        QFETCH(bool, matches);
        const Labels labels {{QStringLiteral("zone"), QStringLiteral("a")}, {QStringLiteral("size"), QStringLiteral("10")}};
        QCOMPARE(requirementMatches({key, static_cast<SelectorOperator>(op), values}, labels), matches);
    }

    void selector()
    {
        const Labels labels {{QStringLiteral("app"), QStringLiteral("web")}, {QStringLiteral("tier"), QStringLiteral("front")}};
        QVERIFY(LabelSelector {}.matches(labels)); // empty selects everything
        QVERIFY(!selectorMatches(std::nullopt, labels)); // nil selects nothing
        LabelSelector selector;
        selector.matchLabels.insert(QStringLiteral("app"), QStringLiteral("web"));
        QVERIFY(selector.matches(labels));
        selector.matchExpressions.append({QStringLiteral("tier"), SelectorOperator::NotIn, {QStringLiteral("front")}});
        QVERIFY(!selector.matches(labels));
    }

    void toleration_data()
    {
        QTest::addColumn<Toleration>("toleration");
        QTest::addColumn<bool>("tolerates");
        // Taint for every row: {key: foo, value: bar, effect: NoSchedule}
        QTest::newRow("equal") << Toleration {"foo", TolerationOperator::Equal, "bar", TaintEffect::NoSchedule, {}} << true;
        QTest::newRow("equal wrong value") << Toleration {"foo", TolerationOperator::Equal, "baz", TaintEffect::NoSchedule, {}} << false;
        QTest::newRow("exists any value") << Toleration {"foo", TolerationOperator::Exists, {}, TaintEffect::NoSchedule, {}} << true;
        QTest::newRow("empty effect matches all") << Toleration {"foo", TolerationOperator::Equal, "bar", {}, {}} << true;
        QTest::newRow("wrong effect") << Toleration {"foo", TolerationOperator::Exists, {}, TaintEffect::NoExecute, {}} << false;
        QTest::newRow("empty key exists") << Toleration {{}, TolerationOperator::Exists, {}, {}, {}} << true;
        QTest::newRow("other key") << Toleration {"other", TolerationOperator::Exists, {}, {}, {}} << false;
    }

    void toleration()
    {
        QFETCH(Toleration, toleration);
        QFETCH(bool, tolerates);
        const Taint taint {QStringLiteral("foo"), QStringLiteral("bar"), TaintEffect::NoSchedule};
        QCOMPARE(toleration.toleratesTaint(taint), tolerates);
        QCOMPARE(taint.toString(), QStringLiteral("{foo: bar}"));
    }

    void names_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("qualified");
        QTest::addColumn<bool>("subdomain");
        QTest::newRow("simple") << "web-0" << true << true;
        QTest::newRow("prefixed") << "topology.kubernetes.io/zone" << true << false;
        QTest::newRow("uppercase") << "Web" << true << false;
        QTest::newRow("underscore") << "a_b" << true << false;
        QTest::newRow("leading dash") << "-a" << false << false;
        QTest::newRow("empty") << "" << false << false;
        QTest::newRow("64 chars") << QString(64, QLatin1Char('a')) << false << true;
        QTest::newRow("two slashes") << "a/b/c" << false << false;
    }

    void names()
    {
        QFETCH(QString, value);
        QFETCH(bool, qualified);
        QFETCH(bool, subdomain);
        QCOMPARE(isQualifiedName(value), qualified);
        QCOMPARE(isDNS1123Subdomain(value), subdomain);
    }
};

QTEST_GUILESS_MAIN(TestLabels)
#include "tst_labels.moc"
