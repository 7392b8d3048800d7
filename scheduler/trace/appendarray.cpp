#include "appendarray.h"

#include <cstdlib>

#ifdef __linux__
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace ksv::trace::appendarray {

void* growBlock(void* old, std::size_t oldBytes, std::size_t& newBytes)
{
#ifdef __linux__
    static const std::size_t page = sysconf(_SC_PAGESIZE) > 0 ? std::size_t(sysconf(_SC_PAGESIZE)) : 4096;
    newBytes = (newBytes + page - 1) / page * page;
    void* block = old ? mremap(old, oldBytes, newBytes, MREMAP_MAYMOVE)
                      : mmap(nullptr, newBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED)
        throw std::bad_alloc();
    return block;
#else
    (void)oldBytes;
    void* block = std::realloc(old, newBytes);
    if (!block)
        throw std::bad_alloc();
    return block;
#endif
}

void freeBlock(void* block, std::size_t bytes)
{
    if (!block)
        return;
#ifdef __linux__
    munmap(block, bytes);
#else
    (void)bytes;
    std::free(block);
#endif
}

} // namespace ksv::trace::appendarray
