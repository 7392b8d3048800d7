#pragma once

// The Kubernetes minor a run models. Decided once (from --kubernetes-version, the scenario's
// spec.kubernetesVersion, a live cluster's /version, else the default) and handed down inside
// version::Features; nothing in the engine asks for it again. See docs/versions.md.

#include <QString>

#include <array>
#include <compare>
#include <optional>

namespace ksv::version {

struct KubeVersion
{
    int major = 1;
    int minor = 32;
    friend constexpr auto operator<=>(const KubeVersion&, const KubeVersion&) = default;
    QString toString() const; // "v1.36"
};

inline constexpr KubeVersion v1_32 {1, 32};
inline constexpr KubeVersion v1_33 {1, 33};
inline constexpr KubeVersion v1_34 {1, 34};
inline constexpr KubeVersion v1_35 {1, 35};
inline constexpr KubeVersion v1_36 {1, 36};
inline constexpr KubeVersion v1_37 {1, 37};

// Oldest first. Each minor is modelled as its newest patch release in upstream's sources has it
// (v1.34 includes the taint wording backported to v1.34.2).
inline constexpr std::array<KubeVersion, 6> modelledVersions {v1_32, v1_33, v1_34, v1_35, v1_36, v1_37};

// What a run models when neither the command line nor the scenario says. It stays v1.32 until every
// default-on behaviour of a newer minor is built (docs/versions.md, "What is modelled"): a default
// that is only partly modelled would hand every user a scheduler that no cluster runs.
inline constexpr KubeVersion defaultVersion = v1_32;

// Index into modelledVersions, or -1.
int modelledIndex(KubeVersion version);
bool isModelled(KubeVersion version);
// "v1.32, v1.33, …, v1.37" for messages.
QString modelledList();

// A version as a user writes it: "1.36", "v1.36", "1.36.4" or "v1.36.4". Returns nullopt and sets
// `error` (one sentence, without where it was written) when it is malformed or not modelled.
std::optional<KubeVersion> parseKubeVersion(const QString& text, QString* error);

// A cluster's GET /version: gitVersion ("v1.36.3", "v1.30.4-gke.1000"), else major and minor
// ("1", "36+"). nullopt when neither reads as a version.
std::optional<KubeVersion> clusterVersion(const QString& gitVersion, const QString& major, const QString& minor);

// The modelled version nearest to `version` (itself when modelled): what a cluster of an
// unmodelled version runs as, with a warning naming both (nearestWarning).
KubeVersion nearestModelled(KubeVersion version);
// Empty when `cluster` is modelled; else "the cluster runs v1.20, which kschedviz does not model:
// modelling it as v1.32 (the nearest of v1.32 to v1.37)".
QString nearestWarning(KubeVersion cluster);

} // namespace ksv::version
