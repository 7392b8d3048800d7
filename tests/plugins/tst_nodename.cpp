// NodeName: upstream's TestNodeName (pkg/scheduler/framework/plugins/nodename/node_name_test.go), all
// three rows, plus rows derived from the code (marked "derived").
#include "plugins/nodename.h"

#include "builders.h"
#include "testhandle.h"

#include <QTest>

using namespace ksv;
using framework::Code;

class TestNodeName : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filter_data()
    {
        QTest::addColumn<QString>("podNodeName");
        QTest::addColumn<QString>("nodeName");
        QTest::addColumn<Code>("code");
        QTest::addColumn<QString>("message");

        const QString reason = QStringLiteral("node(s) didn't match the requested node name");
        const Code ok = Code::Success;
        const Code uu = Code::UnschedulableAndUnresolvable;
        // Upstream TestNodeName.
        QTest::newRow("no host specified") << "" << "" << ok << "";
        QTest::newRow("host matches") << "foo" << "foo" << ok << "";
        QTest::newRow("host doesn't match") << "bar" << "foo" << uu << reason;
        // Derived.
        QTest::newRow("derived: no host specified, named node") << "" << "foo" << ok << "";
        QTest::newRow("derived: host specified, unnamed node") << "foo" << "" << uu << reason;
        QTest::newRow("derived: comparison is case-sensitive") << "Foo" << "foo" << uu << reason;
        QTest::newRow("derived: a prefix is not a match") << "foo" << "foo-1" << uu << reason;
        QTest::newRow("derived: a longer name is not a match") << "foo-1" << "foo" << uu << reason;
        QTest::newRow("derived: FQDN node name matches exactly") << "node-1.example.com" << "node-1.example.com" << ok << "";
        QTest::newRow("derived: trailing whitespace is not trimmed") << "foo " << "foo" << uu << reason;
    }

    void filter()
    {
        QFETCH(QString, podNodeName);
        QFETCH(QString, nodeName);
        QFETCH(Code, code);
        QFETCH(QString, message);

        Pod pod = test::PodBuilder("pod");
        pod.nodeName = podNodeName;
        Node node;
        node.meta.name = nodeName;
        const framework::NodeInfo nodeInfo(std::make_shared<const Node>(node));
        test::TestHandle handle;
        plugins::NodeName plugin(handle);
        framework::CycleState state;
        const framework::Status status = plugin.filter(state, pod, nodeInfo);
        QCOMPARE(framework::toString(status.code()), framework::toString(code));
        QCOMPARE(status.message(), message);
        QCOMPARE(plugins::NodeName::fits(pod, nodeInfo), code == Code::Success);
    }

    void extensionPoints()
    {
        test::TestHandle handle;
        plugins::NodeName plugin(handle);
        framework::Plugin* base = &plugin;
        QCOMPARE(base->name(), QStringLiteral("NodeName"));
        QVERIFY(dynamic_cast<framework::FilterPlugin*>(base));
        QVERIFY(!dynamic_cast<framework::PreFilterPlugin*>(base));
    }
};

QTEST_GUILESS_MAIN(TestNodeName)
#include "tst_nodename.moc"
