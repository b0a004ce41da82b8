// SPDX-License-Identifier: MIT
#pragma once

namespace shardscope {

/**
 * Runs a layout step that can call itself back: placing a chart's label can move an axis, which re-lays out the
 * chart and comes back through plotAreaChanged. A nested call only asks for one more pass (at most `passes` in
 * all) instead of recursing; two alternating axis tops once recursed without end (TP 8 x PP 4, ZeRO stages on a
 * log axis, at 2x: a stack overflow).
 */
class PassGuard
{
public:
    template <typename Step>
    void run(Step&& once, int passes = 3)
    {
        if (m_running) {
            m_again = true;
            return;
        }
        m_running = true;
        for (int pass = 0; pass < passes; ++pass) {
            m_again = false;
            once();
            if (!m_again)
                break;
        }
        m_running = false;
    }

private:
    bool m_running = false;
    bool m_again = false;
};

} // namespace shardscope
