#pragma once

#include <QMap>
#include <QString>

#include <compare>
#include <optional>

namespace ksv {

// resource.Quantity (k8s.io/apimachinery/pkg/api/resource/quantity.go), held exactly.
//
// Upstream parses into an arbitrary-precision decimal, rounds any non-zero value *up* to the nano
// scale and caps the magnitude at 2^63-1 units. Every quantity that survives that fits in a signed
// 128-bit count of nano units, so we store that and compare exactly, as Quantity.Cmp does.
class Quantity
{
public:
    // How upstream would print the value back (the format of the suffix the user wrote).
    enum class Format : quint8 { DecimalSI, BinarySI, DecimalExponent };

    Quantity() = default;

    // ParseQuantity. On failure returns nullopt and, if `error` is given, upstream's error text
    // (ErrFormatWrong, ErrNumeric or ErrSuffix).
    static std::optional<Quantity> parse(QStringView text, QString* error = nullptr);

    static Quantity fromValue(qint64 value, Format format = Format::DecimalSI);
    static Quantity fromMilliValue(qint64 milliValue, Format format = Format::DecimalSI);

    // Value(): whole units, rounded up (towards +inf for positive values, as AsScale does).
    qint64 value() const;
    // MilliValue(): thousandths, rounded up.
    qint64 milliValue() const;
    __extension__ __int128 nanoValue() const { return m_nanos; }

    bool isZero() const { return m_nanos == 0; }
    int sign() const { return m_nanos > 0 ? 1 : (m_nanos < 0 ? -1 : 0); }
    Format format() const { return m_format; }

    Quantity& operator+=(const Quantity& other);
    Quantity& operator-=(const Quantity& other);
    friend Quantity operator+(Quantity a, const Quantity& b) { return a += b; }
    friend Quantity operator-(Quantity a, const Quantity& b) { return a -= b; }

    // Cmp: compares the values only, never the format.
    friend bool operator==(const Quantity& a, const Quantity& b) { return a.m_nanos == b.m_nanos; }
    friend std::strong_ordering operator<=>(const Quantity& a, const Quantity& b) { return a.m_nanos <=> b.m_nanos; }

    // String(): upstream's canonical form ("100m", "1Gi", "1500M", "1e3").
    QString toString() const;

private:
    __extension__ __int128 m_nanos = 0;
    Format m_format = Format::DecimalSI;
};

// v1.ResourceList: resource name to quantity, sorted by name like Go's encoding of maps.
using ResourceList = QMap<QString, Quantity>;

namespace ResourceName {
inline const QString cpu = QStringLiteral("cpu");
inline const QString memory = QStringLiteral("memory");
inline const QString ephemeralStorage = QStringLiteral("ephemeral-storage");
inline const QString pods = QStringLiteral("pods");
inline const QString storage = QStringLiteral("storage");
inline const QString hugePagesPrefix = QStringLiteral("hugepages-");
} // namespace ResourceName

} // namespace ksv
