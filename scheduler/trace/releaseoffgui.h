#pragma once

// Shared pointers whose object is deleted off the GUI thread. A snapshot of 150,000 pods, its
// catalogue or a run's index take tens to hundreds of milliseconds to free (more under a sanitizer);
// in live mode they are replaced every few seconds, and whichever holder drops the last reference
// (a view, a frame, a run) would otherwise pay for it in the GUI's event loop. The deleter hands the
// object to a pool thread when it runs on the application's main thread, and deletes at once
// anywhere else.

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#include <memory>

namespace ksv {

template<typename T>
struct ReleaseOffGui
{
    void operator()(T* object) const
    {
        const QCoreApplication* app = QCoreApplication::instance();
        if (object && app && QThread::currentThread() == app->thread()) {
            QThreadPool::globalInstance()->start([object] { delete object; });
            return;
        }
        delete object;
    }
};

template<typename T, typename... Args>
std::shared_ptr<T> makeReleasedOffGui(Args&&... args)
{
    return std::shared_ptr<T>(new T(std::forward<Args>(args)...), ReleaseOffGui<T> {});
}

} // namespace ksv
