#include "appendarray.h"

#include <cstdlib>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace ksv::trace::appendarray {

void* growBlock(void* old, size_t oldBytes, size_t& newBytes)
{
#ifdef __linux__
    static const auto page = size_t(sysconf(_SC_PAGESIZE));
    newBytes = (newBytes + page - 1) / page * page;
    void* block = old ? mremap(old, oldBytes, newBytes, MREMAP_MAYMOVE)
                      : mmap(nullptr, newBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED)
        throw std::bad_alloc();
    return block;
#else
    (void)oldBytes;
    void* block = std::realloc(old, newBytes); // NOLINT(cppcoreguidelines-no-malloc): grows in place where it can
    if (!block)
        throw std::bad_alloc();
    return block;
#endif
}

void freeBlock(void* block, size_t bytes)
{
    if (!block)
        return;
#ifdef __linux__
    munmap(block, bytes);
#else
    (void)bytes;
    std::free(block); // NOLINT(cppcoreguidelines-no-malloc): realloc's pair
#endif
}

} // namespace ksv::trace::appendarray
