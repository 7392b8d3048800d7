#pragma once

// k8s.io/apimachinery/pkg/util/validation/field as the configuration's validation and the plugins' own
// argument checks use it: an error is a field path and a message whose text is upstream's ("Invalid
// value: 0: should be ..."), so that ours read the same as kube-scheduler's.

#include <QList>
#include <QString>
#include <QStringList>

namespace ksv {

struct FieldError
{
    QString path; // upstream's field path, relative to the configuration document
    QString message; // upstream's error body: type, value and detail
    // Where the value sits in the YAML, when upstream names the path its own way
    // ("scoringStrategy.shape" for scoringStrategy.requestedToCapacityRatio.shape). Empty: `path`.
    QString yamlPath;

    QString toString() const { return path + QStringLiteral(": ") + message; }
    friend bool operator==(const FieldError&, const FieldError&) = default;
};

namespace field {

// Go's %q: the value quoted, with quotes, backslashes and control characters escaped.
QString quote(const QString& value);

// Values are passed formatted as upstream prints them: numbers bare, strings through quote().
FieldError invalid(const QString& path, const QString& value, const QString& detail);
FieldError required(const QString& path, const QString& detail = {});
FieldError duplicate(const QString& path, const QString& value);
FieldError notSupported(const QString& path, const QString& value, const QStringList& supported);
FieldError forbidden(const QString& path, const QString& detail);

} // namespace field

// validation.IsQualifiedName's messages for `value`; empty when it is a valid label name.
QStringList qualifiedNameErrors(const QString& value);
// metav1validation.ValidateLabelName: one Invalid error per message of qualifiedNameErrors.
QList<FieldError> validateLabelName(const QString& value, const QString& path);

} // namespace ksv
