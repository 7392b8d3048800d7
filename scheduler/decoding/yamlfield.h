#pragma once

#include "api/labels.h"
#include "api/quantity.h"
#include "loaderror.h"

#include <QJsonValue>

#include <yaml-cpp/yaml.h>

#include <functional>

namespace ksv {

// A position in a parsed YAML document: the node, the dotted field path that led to it and the
// file, so that every decoding error can say exactly where it is. A missing key yields a field that
// is not defined and points at its parent's position. A key given twice in one mapping is an error
// wherever the loader reads that mapping.
//
// The same class reads a JSON value (an object from the API server, parsed by QJsonDocument), so
// that one set of decoders serves scenario files and live clusters. JSON has no line numbers: its
// errors name the source (a URL and object) and the field path. Scalars read the same either way:
// a JSON number or boolean is seen as the text YAML would hold.
class YamlField
{
public:
    YamlField(YAML::Node node, QString file, QString path = {});
    YamlField(QJsonValue json, QString source, QString path = {});

    bool isDefined() const; // present and not null
    bool isMap() const { return m_isJson ? m_json.isObject() : m_node.IsMap(); }
    bool isSequence() const { return m_isJson ? m_json.isArray() : m_node.IsSequence(); }
    bool isScalar() const;
    bool isJson() const { return m_isJson; }
    // The YAML node of a YAML-backed field (undefined for a JSON one).
    const YAML::Node& node() const { return m_node; }
    const QString& path() const { return m_path; }
    const QString& file() const { return m_file; }
    SourceLocation location() const;

    // Child of a mapping. Fails if this field is defined but not a mapping.
    YamlField operator[](const char* key) const;
    bool has(const char* key) const { return (*this)[key].isDefined(); }
    // Elements of a sequence (an absent or null field is an empty sequence).
    QList<YamlField> elements() const;
    // Entries of a mapping in document order, with each key's text.
    QList<std::pair<QString, YamlField>> entries() const;
    // Fails at the first key of this mapping that is not one of `known`, pointing at the key.
    void rejectUnknownKeys(const QStringList& known, const QString& message) const;

    QString toString() const;                       // any scalar
    QString stringOr(const char* key, const QString& fallback = {}) const;
    QString requiredString(const char* key) const;  // present and non-empty
    qint64 toInt(qint64 min, qint64 max) const;
    bool toBool() const;
    Quantity toQuantity() const;
    Labels toStringMap() const;
    QStringList toStringList() const;

    template<typename T>
    QList<T> list(const std::function<T(const YamlField&)>& decode) const
    {
        QList<T> result;
        const auto items = elements();
        result.reserve(items.size());
        for (const auto& item : items)
            result.append(decode(item));
        return result;
    }

    // Accepts exactly one of `allowed` and returns its index; the message lists them all.
    int toEnum(const QStringList& allowed) const;

    [[noreturn]] void fail(const QString& message) const;
    // "a string \"x\"", "a mapping", "a list": how errors describe what they found.
    QString describe() const;

private:
    YamlField(YAML::Node node, QString file, QString path, YAML::Mark fallback);
    void expectScalar(const char* what) const;
    QString scalarText() const; // of a scalar: YAML's text, or a JSON value printed as YAML would hold it
    YamlField jsonChild(QJsonValue value, QString path) const;
    [[noreturn]] void failDuplicateKey(const YAML::Node& key, const QString& path, const YAML::Mark& first) const;
    YAML::Mark currentMark() const;

    YAML::Node m_node;
    QString m_file;
    QString m_path;
    YAML::Mark m_fallback; // where to point when the node itself is missing
    QJsonValue m_json;
    bool m_isJson = false;
};

// Quotes a value for an error message, shortened so that binary garbage stays one readable line.
QString quoteForMessage(const QString& value);

} // namespace ksv
