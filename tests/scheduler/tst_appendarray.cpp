// AppendArray: contents survive every growth (past many pages, so the block is remapped, not
// copied), an element appended to its own array survives the growth, clear() keeps the memory,
// moves hand the block over, and standard algorithms work on it as they do on a vector.
#include "trace/appendarray.h"
#include "trace/replay.h"

#include <QTest>

#include <algorithm>

using namespace ksv;
using trace::AppendArray;

class TestAppendArray : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void growsKeepingEveryElement()
    {
        AppendArray<trace::CycleRecord> records;
        QVERIFY(records.empty());
        int growths = 0;
        constexpr qint64 count = 200'000; // 14.4 MB: many growths, most of them remaps of megabytes
        for (qint64 i = 0; i < count; ++i) {
            trace::CycleRecord record;
            record.startEvent = i;
            record.pod = qint32(i % 977);
            record.code = quint8(i % 7);
            const size_t capacity = records.capacity();
            records.push_back(record);
            QCOMPARE(records.back().startEvent, i);
            growths += records.capacity() != capacity ? 1 : 0;
        }
        QCOMPARE(records.size(), size_t(count));
        QVERIFY(records.capacity() >= records.size());
        QVERIFY(growths > 10); // it did grow, many times (the block may or may not have moved)
        for (qint64 i = 0; i < count; ++i) {
            QCOMPARE(records[size_t(i)].startEvent, i);
            QCOMPARE(records[size_t(i)].pod, qint32(i % 977));
            QCOMPARE(records[size_t(i)].code, quint8(i % 7));
        }
        QCOMPARE(records.front().startEvent, 0);
        QCOMPARE(std::distance(records.begin(), records.end()), std::ptrdiff_t(count));

        // As TraceIndex::cycleAt searches it.
        const auto it = std::ranges::upper_bound(records, qint64(123'456), {}, &trace::CycleRecord::startEvent);
        QCOMPARE(qint64(it - records.begin()), qint64(123'457));
    }

    // As std::vector allows: the value is read before a growth can move the block it lies in.
    void appendsItsOwnElementWhileGrowing()
    {
        AppendArray<qint64> values;
        values.push_back(7);
        for (int growth = 0; growth < 12; ++growth) { // from 4 KiB to 16 MB: some remaps move the block
            while (values.size() < values.capacity())
                values.push_back(qint64(values.size()));
            values.push_back(values[0]); // the array is full: this push grows it
            QCOMPARE(values.back(), qint64(7));
        }
        QCOMPARE(values[1], qint64(1));
    }

    void clearKeepsTheMemory()
    {
        AppendArray<qint32> rows;
        for (qint32 i = 0; i < 10'000; ++i)
            rows.push_back(i);
        const size_t capacity = rows.capacity();
        const qint32* block = rows.data();
        rows.clear();
        QVERIFY(rows.empty());
        QCOMPARE(rows.capacity(), capacity);
        rows.push_back(42);
        QCOMPARE(rows.data(), block);
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0], 42);
        QCOMPARE(qint64(std::lower_bound(rows.cbegin(), rows.cend(), 42) - rows.cbegin()), qint64(0));
    }

    void movesHandTheBlockOver()
    {
        AppendArray<qint32> a;
        for (qint32 i = 0; i < 5'000; ++i)
            a.push_back(i * 3);
        const qint32* block = a.data();
        AppendArray<qint32> b(std::move(a));
        QCOMPARE(b.data(), block);
        QCOMPARE(b.size(), size_t(5'000));
        QCOMPARE(b[4'999], 4'999 * 3);
        AppendArray<qint32> c;
        c.push_back(7);
        c = std::move(b);
        QCOMPARE(c.data(), block);
        QCOMPARE(c[1'000], 3'000);
        c.push_back(1); // still growable after the moves
        QCOMPARE(c.back(), 1);
    }
};

QTEST_APPLESS_MAIN(TestAppendArray)
#include "tst_appendarray.moc"
