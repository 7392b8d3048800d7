#include "yamlfield.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <limits>
#include <optional>

namespace ksv {

namespace {

QString joinPath(const QString& parent, const QString& key)
{
    if (parent.isEmpty())
        return key;
    return parent + QLatin1Char('.') + key;
}

// A decoder's field name: one allocation for the path, not two (this runs for every field of every
// object a list of 150,000 pods holds).
QString joinPath(const QString& parent, const char* key)
{
    const QByteArrayView bytes(key);
    const bool ascii = std::all_of(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    if (!ascii)
        return joinPath(parent, QString::fromUtf8(bytes));
    if (parent.isEmpty())
        return QLatin1StringView(bytes).toString();
    return parent + QLatin1Char('.') + QLatin1StringView(bytes);
}

SourceLocation locationOf(const QString& file, const YAML::Mark& mark)
{
    if (mark.is_null())
        return {file, 0, 0};
    return {file, mark.line + 1, mark.column + 1};
}

} // namespace

QString quoteForMessage(const QString& value)
{
    constexpr qsizetype maxShown = 60;
    QString shown = value.left(maxShown);
    for (QChar& c : shown) {
        if (!c.isPrint())
            c = QChar(0xFFFD);
    }
    if (value.size() > maxShown)
        shown += QStringLiteral("...");
    shown.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + shown + QLatin1Char('"');
}

YamlField::YamlField(YAML::Node node, QString file, QString path)
    : YamlField(node, std::move(file), std::move(path), node.Mark())
{
}

YamlField::YamlField(YAML::Node node, QString file, QString path, YAML::Mark fallback)
    : m_node(std::move(node))
    , m_file(std::move(file))
    , m_path(std::move(path))
    , m_fallback(fallback)
{
}

YamlField::YamlField(QJsonValue json, QString source, QString path)
    : m_file(std::move(source))
    , m_path(std::move(path))
    , m_json(std::move(json))
    , m_isJson(true)
{
}

YamlField YamlField::jsonChild(QJsonValue value, QString path) const
{
    return YamlField(std::move(value), m_file, std::move(path));
}

bool YamlField::isDefined() const
{
    if (m_isJson)
        return !m_json.isUndefined() && !m_json.isNull();
    return m_node.IsDefined() && !m_node.IsNull();
}

bool YamlField::isScalar() const
{
    if (m_isJson)
        return m_json.isString() || m_json.isDouble() || m_json.isBool();
    return m_node.IsScalar();
}

QString YamlField::scalarText() const
{
    if (!m_isJson)
        return QString::fromStdString(m_node.Scalar());
    if (m_json.isString())
        return m_json.toString();
    if (m_json.isBool())
        return m_json.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    // Integers stay exact (QJsonDocument keeps them as 64-bit integers when they fit).
    constexpr qint64 notInteger = std::numeric_limits<qint64>::min();
    if (const qint64 integer = m_json.toInteger(notInteger); integer != notInteger)
        return QString::number(integer);
    return QString::number(m_json.toDouble(), 'g', 17);
}

YAML::Mark YamlField::currentMark() const
{
    // An empty value ("name:") carries the position of whatever follows it; its key is better.
    if (isDefined() && !m_node.Mark().is_null())
        return m_node.Mark();
    return m_fallback;
}

SourceLocation YamlField::location() const
{
    if (m_isJson)
        return {m_file, 0, 0};
    return locationOf(m_file, currentMark());
}

void YamlField::fail(const QString& message) const
{
    throw LoadError(location(), m_path, message);
}

QString YamlField::describe() const
{
    if (!isDefined())
        return QStringLiteral("nothing");
    if (isMap())
        return QStringLiteral("a mapping");
    if (isSequence())
        return QStringLiteral("a list");
    return QStringLiteral("the value ") + quoteForMessage(scalarText());
}

YamlField YamlField::operator[](const char* key) const
{
    const QString childPath = joinPath(m_path, key);
    if (m_isJson) {
        if (isDefined() && !m_json.isObject())
            fail(QStringLiteral("expected a mapping with field \"") + QString::fromUtf8(key) + QStringLiteral("\", found ") + describe());
        return jsonChild(isDefined() ? m_json.toObject().value(QLatin1StringView(key)) : QJsonValue(QJsonValue::Undefined), childPath);
    }
    if (!isDefined())
        return YamlField(YAML::Node(YAML::NodeType::Undefined), m_file, childPath, currentMark());
    if (!m_node.IsMap())
        fail(QStringLiteral("expected a mapping with field \"") + QString::fromUtf8(key) + QStringLiteral("\", found ") + describe());
    // Looked up by hand rather than with yaml-cpp's operator[]: that one silently takes the first of
    // two equal keys, where the API server's YAML reader refuses the document.
    std::optional<YAML::Node> child;
    YAML::Mark firstKey;
    for (const auto& entry : m_node) {
        if (!entry.first.IsScalar() || entry.first.Scalar() != key)
            continue;
        if (child)
            failDuplicateKey(entry.first, childPath, firstKey);
        child.emplace(entry.second);
        firstKey = entry.first.Mark();
    }
    if (!child)
        return YamlField(YAML::Node(YAML::NodeType::Undefined), m_file, childPath, m_node.Mark());
    return YamlField(*child, m_file, childPath, firstKey);
}

void YamlField::failDuplicateKey(const YAML::Node& key, const QString& path, const YAML::Mark& first) const
{
    YamlField(key, m_file, path, m_node.Mark())
        .fail(QStringLiteral("duplicate field (first defined at ") + locationOf(m_file, first).toString() + QLatin1Char(')'));
}

void YamlField::rejectUnknownKeys(const QStringList& known, const QString& message) const
{
    if (!isDefined())
        return;
    if (!isMap())
        fail(QStringLiteral("expected a mapping, found ") + describe());
    if (m_isJson) {
        const QJsonObject object = m_json.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key()))
                jsonChild(it.value(), joinPath(m_path, it.key())).fail(message);
        }
        return;
    }
    for (const auto& entry : m_node) {
        if (!entry.first.IsScalar())
            YamlField(entry.first, m_file, m_path, m_node.Mark()).fail(QStringLiteral("mapping keys must be strings"));
        const QString key = QString::fromStdString(entry.first.Scalar());
        if (!known.contains(key))
            YamlField(entry.first, m_file, joinPath(m_path, key), m_node.Mark()).fail(message);
    }
}

QList<YamlField> YamlField::elements() const
{
    QList<YamlField> result;
    if (!isDefined())
        return result;
    if (!isSequence())
        fail(QStringLiteral("expected a list, found ") + describe());
    if (m_isJson) {
        const QJsonArray array = m_json.toArray();
        result.reserve(array.size());
        for (qsizetype index = 0; index < array.size(); ++index)
            result.append(jsonChild(array.at(index), m_path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']')));
        return result;
    }
    result.reserve(static_cast<qsizetype>(m_node.size()));
    int index = 0;
    for (const auto& child : m_node) {
        result.append(YamlField(child, m_file, m_path + QLatin1Char('[') + QString::number(index) + QLatin1Char(']'),
                                m_node.Mark()));
        ++index;
    }
    return result;
}

QList<std::pair<QString, YamlField>> YamlField::entries() const
{
    QList<std::pair<QString, YamlField>> result;
    if (!isDefined())
        return result;
    if (!isMap())
        fail(QStringLiteral("expected a mapping, found ") + describe());
    if (m_isJson) {
        // QJsonObject holds its keys sorted, not in document order; no decoder depends on order.
        const QJsonObject object = m_json.toObject();
        result.reserve(object.size());
        for (auto it = object.begin(); it != object.end(); ++it)
            result.append({it.key(), jsonChild(it.value(), joinPath(m_path, it.key()))});
        return result;
    }
    QHash<QString, YAML::Mark> seen;
    for (const auto& entry : m_node) {
        const YamlField keyField(entry.first, m_file, m_path, m_node.Mark());
        if (!entry.first.IsScalar())
            keyField.fail(QStringLiteral("mapping keys must be strings"));
        const QString key = QString::fromStdString(entry.first.Scalar());
        if (const auto first = seen.constFind(key); first != seen.cend())
            failDuplicateKey(entry.first, joinPath(m_path, key), *first);
        seen.insert(key, entry.first.Mark());
        result.append({key, YamlField(entry.second, m_file, joinPath(m_path, key), entry.first.Mark())});
    }
    return result;
}

void YamlField::expectScalar(const char* what) const
{
    if (!isScalar())
        fail(QStringLiteral("expected ") + QString::fromUtf8(what) + QStringLiteral(", found ") + describe());
}

QString YamlField::toString() const
{
    if (!isDefined())
        return {};
    expectScalar("a string");
    return scalarText();
}

QString YamlField::stringOr(const char* key, const QString& fallback) const
{
    const YamlField child = (*this)[key];
    return child.isDefined() ? child.toString() : fallback;
}

QString YamlField::requiredString(const char* key) const
{
    const YamlField child = (*this)[key];
    const QString value = child.toString();
    if (value.isEmpty())
        child.fail(QStringLiteral("required value is missing"));
    return value;
}

qint64 YamlField::toInt(qint64 min, qint64 max) const
{
    expectScalar("an integer");
    const QString text = scalarText();
    bool ok = false;
    const qint64 value = text.toLongLong(&ok, 10);
    if (!ok)
        fail(quoteForMessage(text) + QStringLiteral(" is not an integer"));
    if (value < min || value > max) {
        fail(quoteForMessage(text) + QStringLiteral(" is out of range: must be between ") + QString::number(min)
             + QStringLiteral(" and ") + QString::number(max));
    }
    return value;
}

bool YamlField::toBool() const
{
    expectScalar("a boolean");
    const QString text = scalarText().toLower();
    // sigs.k8s.io/yaml reads YAML 1.1, where yes/no/on/off are booleans too.
    if (text == QLatin1String("true") || text == QLatin1String("yes") || text == QLatin1String("on"))
        return true;
    if (text == QLatin1String("false") || text == QLatin1String("no") || text == QLatin1String("off"))
        return false;
    fail(quoteForMessage(scalarText()) + QStringLiteral(" is not a boolean"));
}

Quantity YamlField::toQuantity() const
{
    expectScalar("a quantity");
    const QString text = scalarText();
    const auto quantity = Quantity::parse(text);
    if (!quantity)
        fail(quoteForMessage(text) + QStringLiteral(" is not a quantity"));
    return *quantity;
}

Labels YamlField::toStringMap() const
{
    Labels result;
    for (const auto& [key, value] : entries())
        result.insert(key, value.toString());
    return result;
}

QStringList YamlField::toStringList() const
{
    QStringList result;
    for (const auto& item : elements())
        result.append(item.toString());
    return result;
}

int YamlField::toEnum(const QStringList& allowed) const
{
    expectScalar("a string");
    const QString text = scalarText();
    const auto index = allowed.indexOf(text);
    if (index < 0) {
        fail(quoteForMessage(text) + QStringLiteral(" is not one of ") + allowed.join(QStringLiteral(", ")));
    }
    return static_cast<int>(index);
}

} // namespace ksv
