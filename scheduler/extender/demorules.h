#pragma once

// What `kschedviz extender` answers, from a small rules file (docs/extenders.md):
//
//   apiVersion: kschedviz.io/v1alpha1
//   kind: ExtenderRules
//   filter:
//     requireLabel: disktype=ssd      # nodes without it fail (whole nodes needed: not nodeCacheCapable)
//     allowNodes: [node-a, node-b]    # by name: others fail (works in both modes)
//     unresolvable: false             # report failures as FailedAndUnresolvableNodes
//     refusePods: [default/batch-1]   # these pods fit nowhere
//   prioritize:
//     scoreLabel: example.com/score   # a node label's value, 0-10 (absent: 0)
//     scores: {node-a: 10}            # by name (absent: 0)
//   bind:
//     refusePods: [default/web-3]     # bind answers with an Error
//   preempt:
//     protectLabel: tier=critical     # a node whose victims include such a pod is dropped
//   faults:                           # instead of answering: 500s, garbage, a node never sent, slowness
//     - {verb: filter, answer: error500, pods: [default/p]}
//     - {verb: prioritize, answer: slow, delay: 7s}
//
// A scenario can carry the same rules inline (spec.demoExtender): the front ends then start the demo
// extender for the run and send the requests for its host (demoExtenderHost) to it.

// The answering is a pure function of the rules and the request, so tests need no server.

#include "transport.h"

#include "decoding/yamlfield.h"

#include <QByteArray>
#include <QMap>
#include <QStringList>

#include <optional>

namespace ksv::extender {

struct LabelRule
{
    QString key;
    QString value;
    bool isSet() const { return !key.isEmpty(); }
};

enum class FaultAnswer : quint8 { Error500, Garbage, UnknownNode, ErrorField, Slow, Empty };

struct Fault
{
    Verb verb = Verb::Filter;
    FaultAnswer answer = FaultAnswer::Error500;
    QStringList pods; // namespace/name; empty: every pod
    qint64 delayNanos = 0; // Slow: before the normal answer
};

struct DemoRules
{
    LabelRule requireLabel;
    std::optional<QStringList> allowNodes;
    bool unresolvable = false;
    QStringList filterRefusePods;
    QString scoreLabel;
    QMap<QString, qint64> scores;
    QStringList bindRefusePods;
    LabelRule protectLabel;
    QList<Fault> faults;
};

// Throws LoadError (file:line:column: field: message) on a broken file.
DemoRules loadDemoRules(const QString& path);
DemoRules decodeDemoRules(const QByteArray& text, const QString& fileName);
// The rules themselves (filter, prioritize, ...), as a scenario's spec.demoExtender.rules holds them.
DemoRules decodeDemoRules(const YamlField& rules);

// The host a scenario's extenders name to reach the demo extender its spec.demoExtender describes.
inline const QString demoExtenderHost = QStringLiteral("demo-extender.kschedviz");

struct DemoAnswer
{
    int status = 200;
    QByteArray body;
    qint64 delayNanos = 0; // wait this long before answering
};

// The answer to a POST on `verb` with `body` (ExtenderArgs, ExtenderBindingArgs or
// ExtenderPreemptionArgs). A request the demo cannot read gets a 400 with the reason.
DemoAnswer answerDemoRequest(const DemoRules& rules, Verb verb, const QByteArray& body);

} // namespace ksv::extender
