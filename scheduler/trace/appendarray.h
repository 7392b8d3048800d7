#pragma once

// A contiguous array of plain values that grows at its end without copying them. std::vector
// doubles by allocating anew, copying and freeing: for the indexes the GUI thread keeps over a large
// run (150,000 cycle records of 72 bytes, 4.4 million event-log rows) one doubling copied 9 to 17 MB
// into fresh pages and held the event loop for 50 to 60 ms (bench_frames). Here the memory is an
// anonymous mapping that mremap() extends (on Linux; realloc() elsewhere): the kernel moves page
// tables, not pages, and new pages are faulted in one at a time as elements are appended.
//
// Single-threaded, like std::vector. Elements must be trivially copyable (they are moved as bytes)
// and need no more alignment than malloc gives (a mapping is page-aligned, realloc's block is not).

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace ksv::trace {

namespace appendarray {
// A block of at least `newBytes` (rounded up to what it holds) with the contents of `old`, a block
// of `oldBytes` growBlock() returned (nullptr and 0: none). Throws std::bad_alloc.
void* growBlock(void* old, std::size_t oldBytes, std::size_t& newBytes);
void freeBlock(void* block, std::size_t bytes);
} // namespace appendarray

template<typename T>
class AppendArray
{
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
    static_assert(alignof(T) <= alignof(std::max_align_t));

public:
    AppendArray() = default;
    AppendArray(const AppendArray&) = delete;
    AppendArray& operator=(const AppendArray&) = delete;
    AppendArray(AppendArray&& other) noexcept { swap(other); }
    AppendArray& operator=(AppendArray&& other) noexcept
    {
        AppendArray moved(std::move(other));
        swap(moved);
        return *this;
    }
    ~AppendArray() { appendarray::freeBlock(m_data, m_bytes); }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    std::size_t capacity() const { return m_bytes / sizeof(T); }

    T& operator[](std::size_t index) { return m_data[index]; }
    const T& operator[](std::size_t index) const { return m_data[index]; }
    T& front() { return m_data[0]; }
    const T& front() const { return m_data[0]; }
    T& back() { return m_data[m_size - 1]; }
    const T& back() const { return m_data[m_size - 1]; }

    T* data() { return m_data; }
    const T* data() const { return m_data; }
    T* begin() { return m_data; }
    T* end() { return m_data + m_size; }
    const T* begin() const { return m_data; }
    const T* end() const { return m_data + m_size; }
    const T* cbegin() const { return m_data; }
    const T* cend() const { return m_data + m_size; }

    void push_back(const T& value)
    {
        const T copy = value; // `value` may be an element: growing may move the block
        if (m_size == capacity())
            grow();
        new (m_data + m_size) T(copy);
        ++m_size;
    }
    // Keeps the memory, as std::vector does.
    void clear() { m_size = 0; }

private:
    void grow()
    {
        std::size_t bytes = m_bytes == 0 ? 16 * sizeof(T) : 2 * m_bytes;
        m_data = static_cast<T*>(appendarray::growBlock(m_data, m_bytes, bytes));
        m_bytes = bytes;
    }
    void swap(AppendArray& other) noexcept
    {
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        std::swap(m_bytes, other.m_bytes);
    }

    T* m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_bytes = 0;
};

} // namespace ksv::trace
