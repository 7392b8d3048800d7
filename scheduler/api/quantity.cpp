#include "quantity.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <utility>

namespace ksv {

namespace {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

constexpr Int128 nanosPerUnit = 1'000'000'000;
constexpr Int128 nanosPerMilli = 1'000'000;
constexpr Int128 int128Max = static_cast<Int128>(~static_cast<UInt128>(0) >> 1);
// maxAllowed (2^63-1 units), the cap upstream applies to BinarySI input only.
constexpr Int128 maxAllowedNanos = static_cast<Int128>(std::numeric_limits<qint64>::max()) * nanosPerUnit;

// The three errors of quantity.go, word for word: callers show them to users who compare them
// with what kubectl and the API server say.
QString errFormatWrong()
{
    return QStringLiteral(
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
}
QString errNumeric()
{
    return QStringLiteral("unable to parse numeric part of quantity");
}
QString errSuffix()
{
    return QStringLiteral("unable to parse quantity's suffix");
}

bool isDigit(QChar c)
{
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}

bool isSuffixLetter(QChar c)
{
    switch (c.unicode()) {
    case u'e':
    case u'E':
    case u'i':
    case u'n':
    case u'u':
    case u'm':
    case u'k':
    case u'K':
    case u'M':
    case u'G':
    case u'T':
    case u'P':
        return true;
    default:
        return false;
    }
}

// Go converts int64 to int32 (and negates int32) with wrap-around; upstream's scale arithmetic
// relies on that, so pathological exponents land where they land upstream. Modular since C++20.
qint32 wrap32(qint64 v)
{
    return static_cast<qint32>(v);
}

// What parseQuantityString (upstream's hand-written scanner) splits the text into. It is more
// permissive than the regular expression quoted in ErrFormatWrong: no digit is required, so
// "-", "." and a bare "Ki" all scan.
struct Scanned
{
    bool positive = true;
    QStringView value; // sign and number as written: what upstream gives inf.Dec.SetString
    QStringView num; // integer digits without leading zeros, "0" when there are none
    QStringView denom; // fraction digits
    QStringView suffix;
};

constexpr QStringView zeroDigit = u"0";

bool scan(QStringView str, Scanned& out)
{
    const qsizetype end = str.size();
    qsizetype pos = 0;
    if (pos < end) {
        if (str[0] == u'-') {
            out.positive = false;
            ++pos;
        } else if (str[0] == u'+') {
            ++pos;
        }
    }

    while (true) {
        if (pos >= end) {
            out.num = zeroDigit;
            out.value = zeroDigit;
            return true;
        }
        if (str[pos] != u'0')
            break;
        ++pos;
    }

    const qsizetype numStart = pos;
    while (pos < end && isDigit(str[pos]))
        ++pos;
    if (pos >= end) {
        out.num = str.sliced(numStart);
        out.value = str;
        return true;
    }
    out.num = pos > numStart ? str.sliced(numStart, pos - numStart) : zeroDigit;

    if (str[pos] == u'.') {
        ++pos;
        const qsizetype denomStart = pos;
        while (pos < end && isDigit(str[pos]))
            ++pos;
        out.denom = str.sliced(denomStart, pos - denomStart);
        if (pos >= end) {
            out.value = str;
            return true;
        }
    }
    out.value = str.first(pos);

    const qsizetype suffixStart = pos;
    while (pos < end && isSuffixLetter(str[pos]))
        ++pos;
    if (pos < end && (str[pos] == u'-' || str[pos] == u'+'))
        ++pos;
    while (pos < end && isDigit(str[pos]))
        ++pos;
    if (pos < end)
        return false;
    out.suffix = str.sliced(suffixStart);
    return true;
}

// strconv.ParseInt(s, 10, 64).
std::optional<qint64> parseGoInt64(QStringView s)
{
    bool negative = false;
    if (!s.isEmpty() && (s[0] == u'+' || s[0] == u'-')) {
        negative = s[0] == u'-';
        s = s.sliced(1);
    }
    if (s.isEmpty())
        return std::nullopt;
    const quint64 limit = negative ? quint64(1) << 63 : (quint64(1) << 63) - 1;
    quint64 magnitude = 0;
    for (const QChar c : s) {
        if (!isDigit(c))
            return std::nullopt;
        const quint64 digit = c.unicode() - u'0';
        if (magnitude > (limit - digit) / 10)
            return std::nullopt;
        magnitude = magnitude * 10 + digit;
    }
    return negative ? static_cast<qint64>(~magnitude + 1) : static_cast<qint64>(magnitude);
}

struct SuffixMeaning
{
    int base;
    qint32 exponent;
    Quantity::Format format;
};

struct SuffixEntry
{
    QStringView text;
    SuffixMeaning meaning;
};

constexpr std::array<SuffixEntry, 16> suffixTable { {
    { u"", { 10, 0, Quantity::Format::DecimalSI } },
    { u"n", { 10, -9, Quantity::Format::DecimalSI } },
    { u"u", { 10, -6, Quantity::Format::DecimalSI } },
    { u"m", { 10, -3, Quantity::Format::DecimalSI } },
    { u"k", { 10, 3, Quantity::Format::DecimalSI } },
    { u"M", { 10, 6, Quantity::Format::DecimalSI } },
    { u"G", { 10, 9, Quantity::Format::DecimalSI } },
    { u"T", { 10, 12, Quantity::Format::DecimalSI } },
    { u"P", { 10, 15, Quantity::Format::DecimalSI } },
    { u"E", { 10, 18, Quantity::Format::DecimalSI } },
    { u"Ki", { 2, 10, Quantity::Format::BinarySI } },
    { u"Mi", { 2, 20, Quantity::Format::BinarySI } },
    { u"Gi", { 2, 30, Quantity::Format::BinarySI } },
    { u"Ti", { 2, 40, Quantity::Format::BinarySI } },
    { u"Pi", { 2, 50, Quantity::Format::BinarySI } },
    { u"Ei", { 2, 60, Quantity::Format::BinarySI } },
} };

// suffixHandler.interpret.
std::optional<SuffixMeaning> interpretSuffix(QStringView suffix)
{
    for (const SuffixEntry& entry : suffixTable) {
        if (suffix == entry.text)
            return entry.meaning;
    }
    if (suffix.size() > 1 && (suffix[0] == u'e' || suffix[0] == u'E')) {
        const auto parsed = parseGoInt64(suffix.sliced(1));
        if (!parsed)
            return std::nullopt;
        // Upstream parses 64 bits and keeps the low 32: "1e4294967296" is 1.
        return SuffixMeaning { 10, wrap32(*parsed), Quantity::Format::DecimalExponent };
    }
    return std::nullopt;
}

// The suffix CanonicalizeBytes appends; an exponent without a suffix gets none at all (upstream
// ignores the lookup failure), which is why 1000E prints as "1".
QStringView decimalSuffix(int exponent)
{
    for (const SuffixEntry& entry : suffixTable) {
        if (entry.meaning.base == 10 && entry.meaning.exponent == exponent)
            return entry.text;
    }
    return {};
}

QStringView binarySuffix(int exponent)
{
    for (const SuffixEntry& entry : suffixTable) {
        if (entry.meaning.base == 2 && entry.meaning.exponent == exponent)
            return entry.text;
    }
    return {};
}

// ASCII decimal digits times a small factor, still as decimal digits: lets a fractional binary
// quantity of any length be rounded exactly without a big-number library.
std::string multiplyDigits(const std::string& digits, quint64 factor)
{
    std::string out(digits.size() + 20, '0');
    UInt128 carry = 0;
    auto o = out.rbegin();
    for (auto d = digits.rbegin(); d != digits.rend(); ++d, ++o) {
        const UInt128 product = static_cast<UInt128>(*d - '0') * factor + carry;
        *o = static_cast<char>('0' + static_cast<int>(product % 10));
        carry = product / 10;
    }
    for (; carry != 0; ++o) {
        *o = static_cast<char>('0' + static_cast<int>(carry % 10));
        carry /= 10;
    }
    return out;
}

// ceil(digits * 10^exponent) as a non-negative Int128, or nullopt when it does not fit.
std::optional<Int128> ceilScaled(const std::string& digits, qint64 exponent)
{
    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos)
        return Int128(0);
    const qint64 length = static_cast<qint64>(digits.size() - first);
    // Int128 holds at most 39 digits; checking this first keeps huge exponents cheap.
    if (length + exponent > 39)
        return std::nullopt;

    const qint64 integerDigits = length + std::min<qint64>(exponent, 0);
    if (integerDigits <= 0)
        return Int128(1); // every significant digit is below 1 and at least one is non-zero

    Int128 result = 0;
    for (qint64 i = 0; i < integerDigits; ++i) {
        const Int128 digit = digits[first + static_cast<std::size_t>(i)] - '0';
        if (__builtin_mul_overflow(result, Int128(10), &result) || __builtin_add_overflow(result, digit, &result))
            return std::nullopt;
    }
    for (qint64 i = 0; i < exponent; ++i) {
        if (__builtin_mul_overflow(result, Int128(10), &result))
            return std::nullopt;
    }
    const std::size_t fraction = first + static_cast<std::size_t>(integerDigits);
    if (fraction < digits.size() && digits.find_first_not_of('0', fraction) != std::string::npos) {
        if (__builtin_add_overflow(result, Int128(1), &result))
            return std::nullopt;
    }
    return result;
}

std::string toAscii(QStringView digits)
{
    std::string out;
    out.reserve(static_cast<std::size_t>(digits.size()));
    for (const QChar c : digits)
        out.push_back(static_cast<char>(c.unicode()));
    return out;
}

QString int128ToString(Int128 v)
{
    UInt128 magnitude = v < 0 ? UInt128(0) - static_cast<UInt128>(v) : static_cast<UInt128>(v);
    std::array<char, 41> buffer {};
    std::size_t pos = buffer.size();
    do {
        buffer[--pos] = static_cast<char>('0' + static_cast<int>(magnitude % 10));
        magnitude /= 10;
    } while (magnitude != 0);
    if (v < 0)
        buffer[--pos] = '-';
    return QString::fromLatin1(buffer.data() + pos, static_cast<qsizetype>(buffer.size() - pos));
}

// ScaledValue as upstream computes it for its int64 representation (the one every quantity
// parsed with at most 9 fraction digits, or built from NewQuantity/NewMilliQuantity, uses):
// inexact results round away from zero, and a result that does not fit reads as 0 because
// ScaledValue drops positiveScaleInt64's overflow flag. Upstream's inf.Dec form (more than 9
// fraction digits, fractional or Pi/Ei binary input) rounds negative non-integers differently;
// we do not track which form upstream would hold, and non-negative results agree anyway.
qint64 scaledValue(Int128 nanos, Int128 nanosPerStep)
{
    Int128 result = nanos / nanosPerStep;
    if (nanos % nanosPerStep != 0)
        result += nanos > 0 ? 1 : -1;
    if (result > std::numeric_limits<qint64>::max() || result < std::numeric_limits<qint64>::min())
        return 0;
    return static_cast<qint64>(result);
}

// Upstream switches to inf.Dec instead of overflowing; saturating at least keeps such sums ordered.
Int128 saturatingAdd(Int128 a, Int128 b)
{
    Int128 sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return b > 0 ? int128Max : -int128Max;
    return sum;
}

} // namespace

std::optional<Quantity> Quantity::parse(QStringView text, QString* error)
{
    const auto fail = [error](QString message) -> std::optional<Quantity> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };

    if (text.isEmpty())
        return fail(errFormatWrong());
    if (text == u"0")
        return Quantity {};

    Scanned scanned;
    if (!scan(text, scanned))
        return fail(errFormatWrong());
    const auto suffix = interpretSuffix(scanned.suffix);
    if (!suffix)
        return fail(errSuffix());

    // Upstream reads short numbers through an int64 fast path and everything else through inf.Dec.
    // Both agree on the value, but only inf.Dec insists on at least one digit, so "Ki" is zero while
    // "Ei" (too long for the fast path's precision estimate) is ErrNumeric. Mirror the choice.
    const qint64 numDigits = scanned.num.size();
    const qint64 denomDigits = scanned.denom.size();
    bool decPath = false;
    qint64 unitExponent = 0; // value = (num denom as an integer) * 10^unitExponent [* 2^binary]
    if (suffix->base == 10) {
        const qint64 precision = 18 - (numDigits + denomDigits);
        const qint32 scale = wrap32(qint64(suffix->exponent) - wrap32(denomDigits));
        if (precision >= 0 && scale >= -9) {
            unitExponent = scale;
        } else {
            decPath = true;
            // inf.Dec scales count digits after the point, so the exponent is negated in 32 bits.
            unitExponent = -qint64(wrap32(qint64(wrap32(denomDigits)) + wrap32(-qint64(suffix->exponent))));
        }
    } else {
        const qint64 precision = 15 - numDigits - suffix->exponent * 3 / 10 - 1;
        decPath = !scanned.denom.isEmpty() || precision < 0;
        unitExponent = -denomDigits;
    }
    if (decPath && !std::any_of(scanned.value.begin(), scanned.value.end(), isDigit))
        return fail(errNumeric());

    std::string digits = toAscii(scanned.num);
    digits += toAscii(scanned.denom);
    if (suffix->base == 2)
        digits = multiplyDigits(digits, quint64(1) << suffix->exponent);

    Quantity result;
    result.m_format = suffix->format;
    // Rounding the magnitude up to whole nanos, as upstream does, sends negatives away from zero.
    std::optional<Int128> magnitude = ceilScaled(digits, unitExponent + 9);
    if (suffix->format == Format::BinarySI) {
        if (!magnitude || *magnitude > maxAllowedNanos)
            magnitude = maxAllowedNanos;
        // Upstream's own words: "This avoids rounding and hopefully confusion, too."
        if (*magnitude > 0 && *magnitude < nanosPerUnit)
            result.m_format = Format::DecimalSI;
    } else if (!magnitude) {
        // Upstream leaves decimal quantities uncapped (it would accept "1e999999999"); we cannot
        // hold more than 2^127 nanos and refuse rather than invent a value.
        return fail(errNumeric());
    }
    result.m_nanos = scanned.positive ? *magnitude : -*magnitude;
    return result;
}

Quantity Quantity::fromValue(qint64 value, Format format)
{
    Quantity q;
    q.m_nanos = static_cast<Int128>(value) * nanosPerUnit;
    q.m_format = format;
    return q;
}

Quantity Quantity::fromMilliValue(qint64 milliValue, Format format)
{
    Quantity q;
    q.m_nanos = static_cast<Int128>(milliValue) * nanosPerMilli;
    q.m_format = format;
    return q;
}

qint64 Quantity::value() const
{
    return scaledValue(m_nanos, nanosPerUnit);
}

qint64 Quantity::milliValue() const
{
    return scaledValue(m_nanos, nanosPerMilli);
}

Quantity& Quantity::operator+=(const Quantity& other)
{
    // Add and Sub: a zero takes the other side's format, so 0 + 1Gi prints as 1Gi.
    if (m_nanos == 0)
        m_format = other.m_format;
    m_nanos = saturatingAdd(m_nanos, other.m_nanos);
    return *this;
}

Quantity& Quantity::operator-=(const Quantity& other)
{
    if (m_nanos == 0)
        m_format = other.m_format;
    m_nanos = saturatingAdd(m_nanos, -other.m_nanos);
    return *this;
}

QString Quantity::toString() const
{
    if (m_nanos == 0)
        return QStringLiteral("0");

    Format format = m_format;
    if (format == Format::BinarySI) {
        // Below 1Ki, or not a whole number of units, a binary quantity prints as decimal.
        const Int128 oneKi = 1024 * nanosPerUnit;
        if ((m_nanos > -oneKi && m_nanos < oneKi) || m_nanos % nanosPerUnit != 0)
            format = Format::DecimalSI;
    }

    if (format == Format::BinarySI) {
        Int128 mantissa = m_nanos / nanosPerUnit;
        int exponent = 0;
        while (mantissa % 1024 == 0) {
            mantissa /= 1024;
            exponent += 10;
        }
        QString text = int128ToString(mantissa);
        text += binarySuffix(exponent);
        return text;
    }

    // The largest exponent that is a multiple of 3 and leaves an integer mantissa.
    Int128 mantissa = m_nanos;
    int exponent = -9;
    while (mantissa % 10 == 0) {
        mantissa /= 10;
        ++exponent;
    }
    const int excess = ((exponent % 3) + 3) % 3;
    for (int i = 0; i < excess; ++i)
        mantissa *= 10;
    exponent -= excess;

    QString text = int128ToString(mantissa);
    if (format == Format::DecimalExponent) {
        if (exponent != 0) {
            text += u'e';
            text += QString::number(exponent);
        }
    } else {
        text += decimalSuffix(exponent);
    }
    return text;
}

} // namespace ksv
