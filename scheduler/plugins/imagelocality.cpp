#include "imagelocality.h"

namespace ksv::plugins {

namespace {

bool needsLatestTag(const QString& name)
{
    // strings.LastIndex(name, ":") <= strings.LastIndex(name, "/"): no tag after the last path part
    // (a registry port such as gcr.io:5000/root is not a tag).
    // One backward scan: whichever of the two comes last decides (neither: no tag).
    for (qsizetype i = name.size() - 1; i >= 0; --i) {
        const QChar c = name[i];
        if (c == QLatin1Char(':'))
            return false;
        if (c == QLatin1Char('/'))
            return true;
    }
    return true;
}

const QLatin1String latestTag(":latest");

} // namespace

ImageLocality::ImageLocality(framework::Handle& handle)
    : m_handle(&handle)
{
}

QString ImageLocality::normalizedImageName(const QString& name)
{
    return needsLatestTag(name) ? name + latestTag : name;
}

qint64 ImageLocality::calculatePriority(qint64 sumScores, qint64 numContainers)
{
    const qint64 maxThreshold = maxContainerThreshold * numContainers;
    // The order matters for a pod without containers: maxThreshold is then 0 and the result 0.
    if (sumScores < minThreshold)
        sumScores = minThreshold;
    else if (sumScores > maxThreshold)
        sumScores = maxThreshold;
    return framework::maxNodeScore * (sumScores - minThreshold) / (maxThreshold - minThreshold);
}

qint64 ImageLocality::scaledImageScore(const framework::NodeInfo& nodeInfo, const QString& image, qint64 totalNumNodes)
{
    // Score runs on several threads at once (one plugin instance for all of them): the scratch name
    // is each thread's own. A member here was a data race, seen by AddressSanitizer in a four-thread run.
    thread_local QString normalizedName;
    const QString* key = &image;
    if (needsLatestTag(image)) {
        normalizedName.resize(0);
        normalizedName.append(image);
        normalizedName.append(latestTag);
        key = &normalizedName;
    }
    const auto it = nodeInfo.imageStates().constFind(*key);
    if (it == nodeInfo.imageStates().cend())
        return 0;
    // scaledImageScore: an image on few nodes counts for less, which keeps pods from piling onto the
    // few nodes that happen to have a popular image.
    const double spread = static_cast<double>(it->numNodes) / static_cast<double>(totalNumNodes);
    return static_cast<qint64>(static_cast<double>(it->size) * spread);
}

qint64 ImageLocality::sumImageScores(const framework::NodeInfo& nodeInfo, const Pod& pod, qint64 totalNumNodes)
{
    // v1.32 counts init containers' images too.
    qint64 sum = 0;
    for (const auto& container : pod.initContainers)
        sum += scaledImageScore(nodeInfo, container.image, totalNumNodes);
    for (const auto& container : pod.containers)
        sum += scaledImageScore(nodeInfo, container.image, totalNumNodes);
    return sum;
}

framework::ScoreOutcome ImageLocality::score(framework::CycleState& /*state*/, const Pod& pod, const framework::NodeInfo& nodeInfo)
{
    // Spread is measured against every node in the snapshot, not only the feasible ones.
    const qint64 totalNumNodes = m_handle->snapshot().numNodes();
    const qint64 sum = sumImageScores(nodeInfo, pod, totalNumNodes);
    const qint64 numContainers = pod.initContainers.size() + pod.containers.size();
    return {calculatePriority(sum, numContainers), {}};
}

} // namespace ksv::plugins
