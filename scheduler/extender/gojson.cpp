#include "gojson.h"

namespace ksv::extender {

QString GoJsonValue::goTypeName() const
{
    switch (type) {
    case Type::Null: return QStringLiteral("null");
    case Type::Bool: return QStringLiteral("bool");
    case Type::Number: return QStringLiteral("number");
    case Type::String: return QStringLiteral("string");
    case Type::Array: return QStringLiteral("array");
    case Type::Object: return QStringLiteral("object");
    }
    return {};
}

const GoJsonValue* GoJsonValue::member(QLatin1StringView name) const
{
    // Go assigns each key, in document order, to the field it names exactly or else case-folded;
    // no two fields of the extender types differ only in case, so every match lands on the same
    // field and the last one stays.
    const GoJsonValue* last = nullptr;
    for (const auto& [key, value] : members) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            last = &value;
    }
    return last;
}

namespace {

// A syntax error, as Go's scanner words it.
struct SyntaxError
{
    QString message;
};

// strconv.Quote of one byte, between single quotes, as encoding/json's quoteChar writes it.
QString quoteChar(unsigned char c)
{
    if (c == '\'')
        return QStringLiteral("'\\''");
    if (c == '"')
        return QStringLiteral("'\"'");
    switch (c) {
    case '\a': return QStringLiteral("'\\a'");
    case '\b': return QStringLiteral("'\\b'");
    case '\f': return QStringLiteral("'\\f'");
    case '\n': return QStringLiteral("'\\n'");
    case '\r': return QStringLiteral("'\\r'");
    case '\t': return QStringLiteral("'\\t'");
    case '\v': return QStringLiteral("'\\v'");
    case '\\': return QStringLiteral("'\\\\'");
    default: break;
    }
    if (c < 0x20 || c == 0x7f)
        return QStringLiteral("'\\x%1'").arg(c, 2, 16, QLatin1Char('0'));
    // A byte ≥ 0x80 is taken as the rune of that value, as Go's scanner does with the lone byte.
    return QLatin1Char('\'') + QString(QChar(char16_t(c))) + QLatin1Char('\'');
}

// A recursive descent over the bytes with the contexts of Go's scanner states. Reaching the end of
// the input inside a value is "unexpected EOF", as Decoder reports a truncated body.
class Parser
{
public:
    explicit Parser(const QByteArray& body)
        : m_data(body)
    {
    }

    GoJsonResult parse()
    {
        skipSpace();
        if (atEnd())
            return {std::nullopt, QStringLiteral("EOF")};
        try {
            GoJsonValue value = parseValue(0);
            return {std::move(value), QString()};
        } catch (const SyntaxError& error) {
            return {std::nullopt, error.message};
        }
    }

private:
    // Deeper nesting is refused rather than recursed into, in the words of Go's limit (10,000):
    // no extender answer nests this deep, and the parser's stack must stay small on any thread.
    static constexpr int maxDepth = 1000;

    bool atEnd() const { return m_pos >= m_data.size(); }
    unsigned char peek() const { return static_cast<unsigned char>(m_data[m_pos]); }
    void skipSpace()
    {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++m_pos;
    }
    [[noreturn]] void fail(const char* context) const
    {
        if (atEnd())
            throw SyntaxError {QStringLiteral("unexpected EOF")};
        throw SyntaxError {QStringLiteral("invalid character ") + quoteChar(peek()) + QLatin1Char(' ') + QLatin1String(context)};
    }
    unsigned char next(const char* context)
    {
        if (atEnd())
            fail(context);
        return static_cast<unsigned char>(m_data[m_pos++]);
    }

    GoJsonValue parseValue(int depth)
    {
        skipSpace();
        if (atEnd())
            fail("looking for beginning of value");
        if (depth > maxDepth)
            throw SyntaxError {QStringLiteral("invalid character ") + quoteChar(peek()) + QStringLiteral(" exceeded max depth")};
        const unsigned char c = peek();
        GoJsonValue value;
        switch (c) {
        case '{': {
            ++m_pos;
            value.type = GoJsonValue::Type::Object;
            skipSpace();
            if (!atEnd() && peek() == '}') {
                ++m_pos;
                return value;
            }
            for (;;) {
                skipSpace();
                if (atEnd() || peek() != '"')
                    fail("looking for beginning of object key string");
                ++m_pos;
                QString key = parseStringBody();
                skipSpace();
                if (atEnd() || peek() != ':')
                    fail("after object key");
                ++m_pos;
                GoJsonValue member = parseValue(depth + 1);
                value.members.append({std::move(key), std::move(member)});
                skipSpace();
                const unsigned char separator = next("after object key:value pair");
                if (separator == '}')
                    return value;
                if (separator != ',') {
                    --m_pos;
                    fail("after object key:value pair");
                }
            }
        }
        case '[': {
            ++m_pos;
            value.type = GoJsonValue::Type::Array;
            skipSpace();
            if (!atEnd() && peek() == ']') {
                ++m_pos;
                return value;
            }
            for (;;) {
                value.items.append(parseValue(depth + 1));
                skipSpace();
                const unsigned char separator = next("after array element");
                if (separator == ']')
                    return value;
                if (separator != ',') {
                    --m_pos;
                    fail("after array element");
                }
            }
        }
        case '"':
            ++m_pos;
            value.type = GoJsonValue::Type::String;
            value.text = parseStringBody();
            return value;
        case 't':
            parseLiteral("true");
            value.type = GoJsonValue::Type::Bool;
            value.boolean = true;
            return value;
        case 'f':
            parseLiteral("false");
            value.type = GoJsonValue::Type::Bool;
            return value;
        case 'n':
            parseLiteral("null");
            return value;
        default:
            if (c == '-' || (c >= '0' && c <= '9')) {
                value.type = GoJsonValue::Type::Number;
                value.text = parseNumber();
                return value;
            }
            fail("looking for beginning of value");
        }
    }

    void parseLiteral(const char* literal)
    {
        ++m_pos; // the first letter, already seen
        for (const char* expected = literal + 1; *expected; ++expected) {
            if (atEnd() || peek() != static_cast<unsigned char>(*expected)) {
                const QString context = QStringLiteral("in literal ") + QLatin1String(literal) + QStringLiteral(" (expecting '") + QLatin1Char(*expected)
                                        + QStringLiteral("')");
                if (atEnd())
                    throw SyntaxError {QStringLiteral("unexpected EOF")};
                throw SyntaxError {QStringLiteral("invalid character ") + quoteChar(peek()) + QLatin1Char(' ') + context};
            }
            ++m_pos;
        }
    }

    static bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }

    QString parseNumber()
    {
        const qsizetype start = m_pos;
        if (peek() == '-') {
            ++m_pos;
            if (atEnd() || !isDigit(peek()))
                fail("in numeric literal");
        }
        if (peek() == '0') {
            ++m_pos;
        } else {
            while (!atEnd() && isDigit(peek()))
                ++m_pos;
        }
        if (!atEnd() && peek() == '.') {
            ++m_pos;
            if (atEnd() || !isDigit(peek()))
                fail("after decimal point in numeric literal");
            while (!atEnd() && isDigit(peek()))
                ++m_pos;
        }
        if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
            ++m_pos;
            if (!atEnd() && (peek() == '+' || peek() == '-'))
                ++m_pos;
            if (atEnd() || !isDigit(peek()))
                fail("in exponent of numeric literal");
            while (!atEnd() && isDigit(peek()))
                ++m_pos;
        }
        return QString::fromLatin1(m_data.constData() + start, m_pos - start);
    }

    static int hexValue(unsigned char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    // After the opening quote; returns the decoded text and leaves the position after the closing one.
    QString parseStringBody()
    {
        QString text;
        qsizetype runStart = m_pos;
        const auto flush = [&] { text += QString::fromUtf8(m_data.constData() + runStart, m_pos - runStart); };
        for (;;) {
            if (atEnd())
                fail("in string literal");
            const unsigned char c = peek();
            if (c == '"') {
                flush();
                ++m_pos;
                return text;
            }
            if (c < 0x20)
                fail("in string literal");
            if (c != '\\') {
                ++m_pos;
                continue;
            }
            flush();
            ++m_pos;
            const unsigned char escape = next("in string escape code");
            switch (escape) {
            case '"': text += QLatin1Char('"'); break;
            case '\\': text += QLatin1Char('\\'); break;
            case '/': text += QLatin1Char('/'); break;
            case 'b': text += QLatin1Char('\b'); break;
            case 'f': text += QLatin1Char('\f'); break;
            case 'n': text += QLatin1Char('\n'); break;
            case 'r': text += QLatin1Char('\r'); break;
            case 't': text += QLatin1Char('\t'); break;
            case 'u': {
                int code = 0;
                for (int i = 0; i < 4; ++i) {
                    if (atEnd() || hexValue(peek()) < 0)
                        fail("in \\u hexadecimal character escape");
                    code = code * 16 + hexValue(peek());
                    ++m_pos;
                }
                // One UTF-16 unit: an escaped surrogate pair makes one character, as in Go. (Go turns a
                // lone surrogate into U+FFFD; it stays here, and only ever reaches a message.)
                text += QChar(char16_t(code));
                break;
            }
            default:
                --m_pos;
                fail("in string escape code");
            }
            runStart = m_pos;
        }
    }

    const QByteArray& m_data;
    qsizetype m_pos = 0;
};

} // namespace

GoJsonResult decodeFirstValue(const QByteArray& body)
{
    return Parser(body).parse();
}

} // namespace ksv::extender
