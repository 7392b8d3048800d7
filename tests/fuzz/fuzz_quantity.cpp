// resource.Quantity's text (ParseQuantity), as every requests, limits, capacity and plugin argument
// field reads it. A quantity that parses must print canonically and read back as the same value
// (within upstream's suffixes), and its accessors and sums must stay within the 128-bit count
// (UBSan watches for overflow).

#include "api/quantity.h"
#include "fuzzsupport.h"

#include <QString>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    ksv::fuzz::silenceQtMessages();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const QString text = QString::fromUtf8(ksv::fuzz::bytes(data, size));
    QString error;
    const auto quantity = ksv::Quantity::parse(text, &error);
    if (!quantity) {
        if (error.isEmpty())
            __builtin_trap(); // a refusal must say why
        return 0;
    }
    (void)quantity->value();
    (void)quantity->milliValue();
    const QString canonical = quantity->toString();
    const auto again = ksv::Quantity::parse(canonical);
    // String() must read back as the same value, up to 999E: beyond, upstream finds no suffix for
    // the exponent and prints none ("9000E" prints as "9"), and quantity.cpp keeps that on purpose.
    const __int128 thousandE = __int128(1'000'000'000'000'000) * 1'000'000'000'000'000; // in nano units
    const bool suffixed = quantity->nanoValue() < thousandE && quantity->nanoValue() > -thousandE;
    if (suffixed && (!again || *again != *quantity))
        __builtin_trap();
    (void)(*quantity + *quantity);
    (void)(*quantity - *quantity);
    return 0;
}
