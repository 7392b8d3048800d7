// The extender protocol on the wire: what kschedviz sends (upstream's PascalCase field names, nodes
// whole or by name), and how it reads answers as Go's encoding/json does, with Go's error texts for
// broken ones, since upstream passes them on as FailedScheduling messages (extender.go send).
#include "../plugins/builders.h"
#include "extender/exchange.h"
#include "extender/gojson.h"
#include "extender/recordedtransport.h"
#include "extender/wire.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace ksv;
using namespace ksv::extender;

class TestExtenderWire : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void goSyntaxErrors_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error");
        QTest::newRow("empty") << QByteArray() << "EOF";
        QTest::newRow("blank") << QByteArray(" \n\t") << "EOF";
        QTest::newRow("html") << QByteArray("<html>") << "invalid character '<' looking for beginning of value";
        QTest::newRow("truncated object") << QByteArray("{\"Error\": \"x\"") << "unexpected EOF";
        QTest::newRow("truncated string") << QByteArray("{\"Error\": \"x") << "unexpected EOF";
        QTest::newRow("missing colon") << QByteArray("{\"Error\" \"x\"}") << "invalid character '\"' after object key";
        QTest::newRow("missing comma") << QByteArray("{\"a\": 1 \"b\": 2}") << "invalid character '\"' after object key:value pair";
        QTest::newRow("bare key") << QByteArray("{Error: 1}") << "invalid character 'E' looking for beginning of object key string";
        QTest::newRow("array separator") << QByteArray("[1 2]") << "invalid character '2' after array element";
        QTest::newRow("literal") << QByteArray("tru") << "unexpected EOF";
        QTest::newRow("literal typo") << QByteArray("nul!") << "invalid character '!' in literal null (expecting 'l')";
        QTest::newRow("number") << QByteArray("-x") << "invalid character 'x' in numeric literal";
        QTest::newRow("decimal") << QByteArray("[1.]") << "invalid character ']' after decimal point in numeric literal";
        QTest::newRow("exponent") << QByteArray("[1e]") << "invalid character ']' in exponent of numeric literal";
        QTest::newRow("control character") << QByteArray("\"a\nb\"") << "invalid character '\\n' in string literal";
        QTest::newRow("escape") << QByteArray("\"\\q\"") << "invalid character 'q' in string escape code";
        QTest::newRow("unicode escape") << QByteArray("\"\\u12x4\"") << "invalid character 'x' in \\u hexadecimal character escape";
        QTest::newRow("quote char") << QByteArray("'a'") << "invalid character '\\'' looking for beginning of value";
        QTest::newRow("too deep") << QByteArray(1200, '[') << "invalid character '[' exceeded max depth";
    }
    void goSyntaxErrors()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        const GoJsonResult result = decodeFirstValue(body);
        QVERIFY(!result.value);
        QCOMPARE(result.error, error);
    }

    // Decoder.Decode reads one value: what follows it is never looked at.
    void firstValueOnly()
    {
        QString error;
        const auto answer = decodeFilterResult("{\"NodeNames\": [\"a\"]} trailing garbage", &error);
        QVERIFY2(answer, qPrintable(error));
        QCOMPARE(*answer->nodeNames, QStringList {"a"});
        QVERIFY(decodeHostPriorityList("[] []", &error));
    }

    // Keys match case-insensitively, so the pre-1.16 lower-case names still work; unknown keys are ignored.
    void keysAsGoMatchesThem()
    {
        QString error;
        const auto answer = decodeFilterResult(R"({"nodenames": ["n1"], "failedNodes": {"n2": "no"}, "error": "", "Extra": 1})", &error);
        QVERIFY2(answer, qPrintable(error));
        QCOMPARE(*answer->nodeNames, QStringList {"n1"});
        QCOMPARE(answer->failedNodes.value("n2"), QStringLiteral("no"));
        QVERIFY(!answer->nodes);
        // Every key that names a field, exactly or folded, is assigned in turn: the last one stays.
        const auto exactLast = decodeFilterResult(R"({"error": "folded", "Error": "exact"})", &error);
        QCOMPARE(exactLast->error, QStringLiteral("exact"));
        const auto foldedLast = decodeFilterResult(R"({"Error": "exact", "error": "folded"})", &error);
        QCOMPARE(foldedLast->error, QStringLiteral("folded"));
        // Nodes as a NodeList: only the names are read.
        const auto nodes = decodeFilterResult(R"({"Nodes": {"metadata": {}, "items": [{"metadata": {"name": "a"}}, {"metadata": {"name": "b"}}]}})", &error);
        QCOMPARE(*nodes->nodes, (QStringList {"a", "b"}));
        // null is absent.
        const auto nulls = decodeFilterResult(R"({"Nodes": null, "NodeNames": null, "FailedNodes": null})", &error);
        QVERIFY(nulls && !nulls->nodes && !nulls->nodeNames && nulls->failedNodes.isEmpty());
        QVERIFY(decodeFilterResult("null", &error).has_value());
    }

    void goTypeErrors_data()
    {
        QTest::addColumn<QString>("decoder");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("error");
        QTest::newRow("filter: array") << "filter" << QByteArray("[]") << "json: cannot unmarshal array into Go value of type v1.ExtenderFilterResult";
        QTest::newRow("filter: FailedNodes") << "filter" << QByteArray(R"({"FailedNodes": "a"})")
                                             << "json: cannot unmarshal string into Go struct field ExtenderFilterResult.FailedNodes of type v1.FailedNodesMap";
        QTest::newRow("filter: FailedNodes value") << "filter" << QByteArray(R"({"FailedNodes": {"a": 1}})")
                                                   << "json: cannot unmarshal number into Go struct field ExtenderFilterResult.FailedNodes of type string";
        QTest::newRow("filter: NodeNames") << "filter" << QByteArray(R"({"NodeNames": {"a": 1}})")
                                           << "json: cannot unmarshal object into Go struct field ExtenderFilterResult.NodeNames of type []string";
        QTest::newRow("filter: Error") << "filter" << QByteArray(R"({"Error": false})")
                                       << "json: cannot unmarshal bool into Go struct field ExtenderFilterResult.Error of type string";
        QTest::newRow("filter: node name") << "filter" << QByteArray(R"({"Nodes": {"items": [{"metadata": {"name": 7}}]}})")
                                           << "json: cannot unmarshal number into Go struct field ObjectMeta.Nodes.items.metadata.name of type string";
        QTest::newRow("prioritize: object") << "prioritize" << QByteArray(R"({"Error": "x"})")
                                            << "json: cannot unmarshal object into Go value of type v1.HostPriorityList";
        QTest::newRow("prioritize: fraction") << "prioritize" << QByteArray(R"([{"Host": "a", "Score": 7.5}])")
                                              << "json: cannot unmarshal number 7.5 into Go struct field HostPriority.Score of type int64";
        QTest::newRow("prioritize: exponent") << "prioritize" << QByteArray(R"([{"Host": "a", "Score": 1e2}])")
                                              << "json: cannot unmarshal number 1e2 into Go struct field HostPriority.Score of type int64";
        QTest::newRow("prioritize: host") << "prioritize" << QByteArray(R"([{"Host": 1, "Score": 1}])")
                                          << "json: cannot unmarshal number into Go struct field HostPriority.Host of type string";
        QTest::newRow("bind: string") << "bind" << QByteArray(R"("ok")") << "json: cannot unmarshal string into Go value of type v1.ExtenderBindingResult";
        QTest::newRow("preempt: victims") << "preempt" << QByteArray(R"({"NodeNameToMetaVictims": {"n1": []}})")
                                          << "json: cannot unmarshal array into Go struct field ExtenderPreemptionResult.NodeNameToMetaVictims of type v1.MetaVictims";
        QTest::newRow("preempt: count") << "preempt" << QByteArray(R"({"NodeNameToMetaVictims": {"n1": {"Pods": [], "NumPDBViolations": "1"}}})")
                                        << "json: cannot unmarshal string into Go struct field MetaVictims.NodeNameToMetaVictims.NumPDBViolations of type int64";
        QTest::newRow("preempt: uid") << "preempt" << QByteArray(R"({"NodeNameToMetaVictims": {"n1": {"Pods": [{"UID": 5}]}}})")
                                      << "json: cannot unmarshal number into Go struct field MetaPod.NodeNameToMetaVictims.Pods.UID of type string";
    }
    void goTypeErrors()
    {
        QFETCH(QString, decoder);
        QFETCH(QByteArray, body);
        QFETCH(QString, error);
        QString got;
        bool decoded = false;
        if (decoder == QLatin1String("filter"))
            decoded = decodeFilterResult(body, &got).has_value();
        else if (decoder == QLatin1String("prioritize"))
            decoded = decodeHostPriorityList(body, &got).has_value();
        else if (decoder == QLatin1String("bind"))
            decoded = decodeBindingResult(body, &got).has_value();
        else
            decoded = decodePreemptionResult(body, &got).has_value();
        QVERIFY(!decoded);
        QCOMPARE(got, error);
    }

    void answersDecode()
    {
        QString error;
        const auto scores = decodeHostPriorityList(R"([{"Host": "a", "Score": 7}, {"host": "b", "score": -3}])", &error);
        QVERIFY2(scores, qPrintable(error));
        QCOMPARE(*scores, (QList<framework::HostPriority> {{"a", 7}, {"b", -3}}));
        QCOMPARE(*decodeBindingResult(R"({"Error": "no room"})", &error), QStringLiteral("no room"));
        QCOMPARE(*decodeBindingResult("{}", &error), QString());
        const auto preemption = decodePreemptionResult(R"({"NodeNameToMetaVictims": {"n1": {"Pods": [{"UID": "u1"}, {"UID": "u2"}], "NumPDBViolations": 1}, "n2": null}})", &error);
        QVERIFY2(preemption, qPrintable(error));
        QCOMPARE(preemption->nodeNameToMetaVictims.value("n1")->podUids, (QStringList {"u1", "u2"}));
        QCOMPARE(preemption->nodeNameToMetaVictims.value("n1")->numPDBViolations, qint64(1));
        QVERIFY(preemption->nodeNameToMetaVictims.contains("n2") && !preemption->nodeNameToMetaVictims.value("n2"));
    }

    // ExtenderArgs as upstream writes them: PascalCase, the unused node field null.
    void requestsAsUpstreamSendsThem()
    {
        const Pod pod = test::PodBuilder("web").obj();
        const QList<framework::NodeInfoPtr> nodes {std::make_shared<framework::NodeInfo>(std::make_shared<const Node>(Node(test::NodeBuilder("n1").label("zone", "a"))))};
        const QJsonObject byName = QJsonDocument::fromJson(encodeExtenderArgs(pod, nodes, true)).object();
        QCOMPARE(byName.value("NodeNames").toArray(), QJsonArray {"n1"});
        QVERIFY(byName.value("Nodes").isNull());
        QCOMPARE(byName.value("Pod").toObject().value("metadata").toObject().value("name").toString(), QStringLiteral("web"));
        const QJsonObject whole = QJsonDocument::fromJson(encodeExtenderArgs(pod, nodes, false)).object();
        QVERIFY(whole.value("NodeNames").isNull());
        const QJsonObject node = whole.value("Nodes").toObject().value("items").toArray().at(0).toObject();
        QCOMPARE(node.value("metadata").toObject().value("labels").toObject().value("zone").toString(), QStringLiteral("a"));
        QCOMPARE(node.value("kind").toString(), QStringLiteral("Node"));

        Pod named = pod;
        named.meta.uid = QStringLiteral("uid-1");
        const QJsonObject binding = QJsonDocument::fromJson(encodeBindingArgs(named, QStringLiteral("n1"))).object();
        QCOMPARE(binding, (QJsonObject {{"PodName", "web"}, {"PodNamespace", "default"}, {"PodUID", "uid-1"}, {"Node", "n1"}}));

        framework::NodeNameToVictims victims;
        victims.insert(QStringLiteral("n1"), framework::ExtenderVictims {{framework::PodInfo::create(named)}, 2});
        const QJsonObject meta = QJsonDocument::fromJson(encodePreemptionArgs(pod, victims, true)).object();
        QVERIFY(meta.value("NodeNameToVictims").isNull());
        QCOMPARE(meta.value("NodeNameToMetaVictims").toObject().value("n1").toObject(),
                 (QJsonObject {{"Pods", QJsonArray {QJsonObject {{"UID", "uid-1"}}}}, {"NumPDBViolations", 2}}));
        const QJsonObject full = QJsonDocument::fromJson(encodePreemptionArgs(pod, victims, false)).object();
        QVERIFY(full.value("NodeNameToMetaVictims").isNull());
        QCOMPARE(full.value("NodeNameToVictims").toObject().value("n1").toObject().value("Pods").toArray().at(0).toObject().value("metadata").toObject().value("uid").toString(),
                 QStringLiteral("uid-1"));
    }

    // A recording answers the calls it holds, in order; a call it did not record, or one too many,
    // gets a transport error that says the run left the recording.
    void recordedAnswers()
    {
        Exchange first;
        first.url = QStringLiteral("http://e/filter");
        first.request = "{\"a\":1}";
        first.response.status = 200;
        first.response.body = "{}";
        first.response.elapsedNanos = 77;
        RecordedTransport transport({first});
        ExtenderRequest request;
        request.url = first.url;
        request.body = "{\"a\":2}";
        QCOMPARE(transport.post(request).transportError,
                 QStringLiteral("Post \"http://e/filter\": call 1 differs from the recording's (another request body): the run has left the recording"));
        request.body = first.request;
        const ExtenderResponse answer = transport.post(request);
        QVERIFY(answer.transportError.isEmpty());
        QCOMPARE(answer.body, QByteArray("{}"));
        QCOMPARE(answer.elapsedNanos, qint64(77));
        QCOMPARE(transport.post(request).transportError, QStringLiteral("Post \"http://e/filter\": the recording has no more answers (it holds 1 calls)"));
    }

    // The trace keeps each call's request and response; a body that is not UTF-8 survives in base64.
    void exchangeRoundTrip()
    {
        ExtenderCall call;
        call.url = QStringLiteral("http://e/filter");
        call.request = "{\"Pod\":{}}";
        call.response.status = 200;
        call.response.body = QByteArray("\xff\xfe garbage", 10);
        call.response.elapsedNanos = 1234;
        const auto back = decodeExchange(encodeExchange(call, true));
        QVERIFY(back);
        QCOMPARE(back->url, call.url);
        QCOMPARE(back->request, call.request);
        QCOMPARE(back->response.status, 200);
        QCOMPARE(back->response.body, call.response.body);
        QCOMPARE(back->response.elapsedNanos, qint64(1234));
        QCOMPARE(decodeExchange(encodeExchange(call, false))->response.elapsedNanos, qint64(0));
        call.response = ExtenderResponse {QStringLiteral("Post \"http://e/filter\": EOF"), 0, {}, 0};
        QCOMPARE(decodeExchange(encodeExchange(call, false))->response.transportError, call.response.transportError);
        QVERIFY(!decodeExchange(QStringLiteral("not json")));
    }
};

QTEST_GUILESS_MAIN(TestExtenderWire)
#include "tst_extenderwire.moc"
