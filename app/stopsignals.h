#pragma once

// Ctrl+C and SIGTERM as "stop when you can", for the commands that run until told to (record,
// shadow, extender): the handler only sets a flag their loop polls. restore(), or the end of the
// scope, puts the default actions back, so that a second Ctrl+C after the loop ended kills at once.

#include <atomic>
#include <csignal>

namespace ksv::cli {

class StopSignals
{
public:
    StopSignals()
    {
        flag().store(false);
        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
    }
    ~StopSignals() { restore(); }
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    bool requested() const { return flag().load(); }
    void restore()
    {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
    }

private:
    // Constructed by the constructor, before any handler can run: the handler never initializes it.
    static std::atomic<bool>& flag()
    {
        static std::atomic<bool> value {false};
        return value;
    }
    static void onSignal(int) { flag().store(true); }
};

} // namespace ksv::cli
