// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>

namespace shardscope {

/// Bytes are the only unit core computes in. GB (10^9) and GiB (2^30) exist only for display.
inline constexpr double kGB = 1e9;
inline constexpr double kGiB = 1073741824.0;
inline constexpr std::int64_t kMiB = 1048576;

enum class ByteUnit { GB, GiB };

inline double unitDivisor(ByteUnit u) { return u == ByteUnit::GB ? kGB : kGiB; }
inline const char* unitName(ByteUnit u) { return u == ByteUnit::GB ? "GB" : "GiB"; }

/// "61.2 GB" with the given number of decimals (plain C locale formatting; the UI localises).
std::string formatBytes(double bytes, ByteUnit unit, int decimals = 1);
/// 68976648192 -> "68,976,648,192"
std::string withThousands(std::int64_t v);
/// 68976648192 -> "69.0B", 124439808 -> "124.4M"
std::string shortCount(double v);

/**
 * Parses a count such as "7e9", "7B", "70b", "1.5T", "350M", "124439808", "5e8".
 * Suffixes K, M, B (or G), T are powers of 1000. Throws InvalidInput naming `field` for
 * anything else (NaN, inf, negative, garbage, non-integral results).
 */
std::int64_t parseCount(const std::string& text, const std::string& field);

} // namespace shardscope
