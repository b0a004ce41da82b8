// SPDX-License-Identifier: MIT
#include "textshaping.h"

#include <QFont>
#include <QGuiApplication>

namespace shardscope {

void useFastTextShaping()
{
    if (qobject_cast<QGuiApplication*>(QCoreApplication::instance()) == nullptr)
        return;
    QFont font = QGuiApplication::font();
    if (font.styleStrategy() & QFont::PreferNoShaping)
        return;
    font.setStyleStrategy(QFont::StyleStrategy(font.styleStrategy() | QFont::PreferNoShaping));
    QGuiApplication::setFont(font);
}

} // namespace shardscope
