// The Differences table's model (ui/models/differencesmodel.h): under QAbstractItemModelTester, a row
// per difference with the pod's key for selecting it, texts for each kind, and sort values that order
// times as numbers (a pod not bound sorts first).
#include "differencesmodel.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace ksv;

class TestDifferencesModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void rowsAndRoles()
    {
        DifferencesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        const QList<PodDifference> differences {
            {PodDifference::Kind::Moved, QStringLiteral("default/a"), QStringLiteral("node-1"), QStringLiteral("node-2"), 2'000'000'000, 2'000'000'000, {}, {}},
            {PodDifference::Kind::OnlyA, QStringLiteral("default/b"), QStringLiteral("node-1"), QString(), 10'000'000'000, std::nullopt, {}, {}},
            {PodDifference::Kind::Timing, QStringLiteral("default/c"), QStringLiteral("node-3"), QStringLiteral("node-3"), 900'000'000, 1'500'000'000, {}, {}},
            {PodDifference::Kind::Message, QStringLiteral("default/d"), QString(), QString(), std::nullopt, std::nullopt,
             QStringLiteral("0/1 nodes are available: 1 node(s) had untolerated taint {a: b}."),
             QStringLiteral("0/1 nodes are available: 1 node(s) had untolerated taint(s).")},
        };
        model.setDifferences(differences);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(3, DifferencesModel::ChangeColumn).data().toString(), QStringLiteral("pending, another message"));
        QCOMPARE(model.index(3, DifferencesModel::ChangeColumn).data(Qt::ToolTipRole).toString(),
                 QStringLiteral("Before: 0/1 nodes are available: 1 node(s) had untolerated taint {a: b}.\nAfter: 0/1 nodes are available: 1 node(s) had untolerated taint(s)."));
        QCOMPARE(model.columnCount(), int(DifferencesModel::ColumnCount));
        QCOMPARE(model.index(1, DifferencesModel::PodColumn).data(DifferencesModel::PodKeyRole).toString(), QStringLiteral("default/b"));
        QCOMPARE(model.index(0, DifferencesModel::ChangeColumn).data().toString(), QStringLiteral("moved"));
        QCOMPARE(model.index(1, DifferencesModel::ChangeColumn).data().toString(), QStringLiteral("bound before only"));
        QCOMPARE(model.index(2, DifferencesModel::ChangeColumn).data().toString(), QStringLiteral("bound at another time"));
        QCOMPARE(model.index(0, DifferencesModel::NodeAfterColumn).data().toString(), QStringLiteral("node-2"));
        QCOMPARE(model.index(1, DifferencesModel::BoundAfterColumn).data().toString(), QString());
        QCOMPARE(model.index(1, DifferencesModel::BoundAfterColumn).data(DifferencesModel::SortRole).toLongLong(), -1);
        QVERIFY(model.index(2, DifferencesModel::BoundBeforeColumn).data().toString().startsWith(QStringLiteral("0:00.9")));
        QCOMPARE(model.headerData(DifferencesModel::NodeBeforeColumn, Qt::Horizontal).toString(), QStringLiteral("Node before"));

        // Sorted by the time bound before, as numbers: not bound, 0.9 s, 2 s, 10 s (text would put 10 s second).
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(DifferencesModel::SortRole);
        proxy.sort(DifferencesModel::BoundBeforeColumn);
        QStringList order;
        for (int row = 0; row < proxy.rowCount(); ++row)
            order << proxy.index(row, 0).data(DifferencesModel::PodKeyRole).toString();
        QCOMPARE(order, QStringList({"default/d", "default/c", "default/a", "default/b"}));

        model.setDifferences({});
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_MAIN(TestDifferencesModel)
#include "tst_differencesmodel.moc"
