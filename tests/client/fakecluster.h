#pragma once

// One resource of a cluster, served through a FakeApiServer as kube-apiserver serves it: paged
// lists with continue tokens, watches that replay history after a resourceVersion and then
// stream changes, bookmarks, and a compaction point before which a watch gets 410. Faults are
// scripted once each and apply to the next list or watch.

#include "fakeapiserver.h"

#include <QJsonObject>
#include <QMap>

namespace ksv::test {

class FakeCluster : public QObject
{
    Q_OBJECT

public:
    enum class Fault : quint8 {
        ExpireNextContinue, // the next continue token is answered with 410 Expired
        WatchHttp410, // the next watch: HTTP 410
        WatchStreamError410, // the next watch: HTTP 200, then an ERROR event with code 410
        CutNextEventMidLine, // the next event is sent half, then the connection dropped
        StallNextWatch, // the next watch: headers, then silence
        GarbageLineOnNextWatch, // the next watch starts with a line that is not JSON
        GarbageNextList, // the next list answers 200 with JSON cut short
    };
    Q_ENUM(Fault)

    FakeCluster(FakeApiServer& server, QString kind, QString apiVersion, QString path);

    // Changes, each with the next resourceVersion, seen by every open watch.
    void add(QJsonObject object);
    void modify(QJsonObject object);
    void remove(const QString& name);
    void sendBookmark();
    // Forgets history: a watch from an older resourceVersion than now gets 410.
    void compact() { m_compactedVersion = m_version; }
    // Other resources changed: etcd's revision is shared, so this one's versions move on too.
    void advanceVersion(int steps) { m_version += steps; }
    // Ends every open watch cleanly, as timeoutSeconds does.
    void endWatches();

    void inject(Fault fault) { m_faults.append(fault); }
    qint64 resourceVersion() const { return m_version; }
    QList<QJsonObject> objects() const { return m_objects.values(); }
    int listRequests() const { return m_lists; }
    int watchRequests() const { return m_watches; }
    QList<int> watchTimeouts() const { return m_watchTimeouts; }

private:
    struct Event
    {
        QByteArray type;
        QJsonObject object;
        qint64 version;
    };

    void handle(const FakeRequest& request, FakeExchange& exchange);
    void list(const FakeRequest& request, FakeExchange& exchange);
    void watch(const FakeRequest& request, FakeExchange& exchange);
    void record(const QByteArray& type, QJsonObject object);
    bool takeFault(Fault fault) { return m_faults.removeOne(fault); }
    static QByteArray eventLine(const QByteArray& type, const QJsonObject& object);

    QString m_kind;
    QString m_apiVersion;
    QString m_path;
    QMap<QString, QJsonObject> m_objects; // by name, sorted as etcd lists them
    QMap<QString, QByteArray> m_listItems; // the same, encoded as list items (no kind, no apiVersion)
    QList<QByteArray> m_listSnapshot; // m_listItems' values at m_listSnapshotVersion
    qint64 m_listSnapshotVersion = -1;
    QList<Event> m_history;
    qint64 m_version = 100;
    qint64 m_compactedVersion = 0;
    QList<Fault> m_faults;
    QList<QPointer<FakeExchange>> m_watchers;
    int m_lists = 0;
    int m_watches = 0;
    QList<int> m_watchTimeouts;
};

} // namespace ksv::test
