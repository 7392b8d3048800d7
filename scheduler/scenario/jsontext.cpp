#include "jsontext.h"

namespace ksv {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// Walks text that QJsonDocument accepted, so it checks nothing: it only has to stay in bounds.
class JsonCursor
{
public:
    explicit JsonCursor(const QByteArray& text)
        : m_begin(text.constData())
        , m_p(text.constData())
        , m_end(text.constData() + text.size())
    {
    }

    bool atEnd() const { return m_p >= m_end; }
    char peek() const { return atEnd() ? '\0' : *m_p; }
    qsizetype offset() const { return m_p - m_begin; }
    void advance() { if (!atEnd()) ++m_p; }

    void skipSpace()
    {
        while (!atEnd() && isSpace(*m_p))
            ++m_p;
    }

    // At a '"': returns the raw bytes between the quotes (escapes left as they are).
    QByteArrayView readString()
    {
        advance();
        const char* start = m_p;
        while (!atEnd() && *m_p != '"') {
            if (*m_p == '\\')
                advance();
            advance();
        }
        const QByteArrayView text(start, m_p - start);
        advance();
        return text;
    }

    // Iterative, as nesting is as deep as the file makes it.
    void skipValue()
    {
        skipSpace();
        qsizetype depth = 0;
        do {
            skipSpace();
            const char c = peek();
            if (c == '"') {
                readString();
            } else if (c == '{' || c == '[') {
                ++depth;
                advance();
            } else if (c == '}' || c == ']') {
                --depth;
                advance();
            } else if (c == ',' || c == ':') {
                advance();
            } else {
                while (!atEnd() && !isSpace(*m_p) && *m_p != ',' && *m_p != '}' && *m_p != ']')
                    ++m_p;
            }
            if (depth > 0)
                continue;
            return;
        } while (!atEnd());
    }

private:
    const char* m_begin;
    const char* m_p;
    const char* m_end;
};

} // namespace

bool looksLikeJson(const QByteArray& text)
{
    for (const char c : text) {
        if (!isSpace(c))
            return c == '{' || c == '[';
    }
    return false;
}

QList<std::pair<int, int>> lineColumnOf(const QByteArray& text, const QList<qsizetype>& offsets)
{
    QList<std::pair<int, int>> result;
    result.reserve(offsets.size());
    int line = 1;
    int column = 1;
    qsizetype i = 0;
    for (const qsizetype offset : offsets) {
        const qsizetype stop = std::min(offset, text.size());
        for (; i < stop; ++i) {
            const auto c = static_cast<unsigned char>(text[i]);
            if (c == '\n') {
                ++line;
                column = 1;
            } else if ((c & 0xC0) != 0x80) { // not a UTF-8 continuation byte: a new character
                ++column;
            }
        }
        result.append({line, column});
    }
    return result;
}

QList<std::pair<qsizetype, qsizetype>> topLevelArrayElements(const QByteArray& text, QByteArrayView key)
{
    QList<std::pair<qsizetype, qsizetype>> offsets;
    JsonCursor cursor(text);
    cursor.skipSpace();
    if (cursor.peek() != '{')
        return offsets;
    cursor.advance();
    while (true) {
        cursor.skipSpace();
        if (cursor.peek() != '"')
            return offsets; // '}' or the end
        const QByteArrayView name = cursor.readString();
        cursor.skipSpace();
        cursor.advance(); // ':'
        cursor.skipSpace();
        if (name == key && cursor.peek() == '[') {
            offsets.clear(); // a key given twice: QJsonDocument keeps the last
            cursor.advance();
            while (true) {
                cursor.skipSpace();
                if (cursor.atEnd() || cursor.peek() == ']') {
                    cursor.advance();
                    break;
                }
                const qsizetype start = cursor.offset();
                cursor.skipValue();
                offsets.append({start, cursor.offset()});
                cursor.skipSpace();
                if (cursor.peek() == ',')
                    cursor.advance();
            }
        } else {
            cursor.skipValue();
        }
        cursor.skipSpace();
        if (cursor.peek() == ',')
            cursor.advance();
    }
}

} // namespace ksv
