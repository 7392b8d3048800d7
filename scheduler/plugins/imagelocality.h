#pragma once

// ImageLocality (pkg/scheduler/framework/plugins/imagelocality/image_locality.go, v1.32): favours
// nodes that already have the pod's images, weighted by image size and by how few nodes have them.

#include "framework/interface.h"

namespace ksv::plugins {

class ImageLocality : public framework::Plugin, public framework::ScorePlugin
{
public:
    static inline const QString Name = QStringLiteral("ImageLocality");

    // The score ramps from 0 at 23Mi of present images to 100 at 1000Mi per container.
    static constexpr qint64 mb = 1024 * 1024;
    static constexpr qint64 minThreshold = 23 * mb;
    static constexpr qint64 maxContainerThreshold = 1000 * mb;

    explicit ImageLocality(framework::Handle& handle);

    QString name() const override { return Name; }

    framework::ScoreOutcome score(framework::CycleState& state, const Pod& pod, const framework::NodeInfo& nodeInfo) override;

    // normalizedImageName: an image without a tag is ":latest", as the node reports it.
    static QString normalizedImageName(const QString& name);
    // calculatePriority: the summed image scores clamped to [minThreshold, maxThreshold] and mapped
    // linearly to [0, MaxNodeScore].
    static qint64 calculatePriority(qint64 sumScores, qint64 numContainers);

private:
    qint64 sumImageScores(const framework::NodeInfo& nodeInfo, const Pod& pod, qint64 totalNumNodes);
    qint64 scaledImageScore(const framework::NodeInfo& nodeInfo, const QString& image, qint64 totalNumNodes);

    framework::Handle* m_handle;
};

} // namespace ksv::plugins
