# SPDX-License-Identifier: MIT
# Warnings and Qt defines per target (never global, so they do not leak into anything added later).
function(shardscope_target_defaults target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  # clang (the asan preset's compiler): Qt Test's QSKIP and QTEST_*MAIN expand a variadic macro with its "..." empty,
  # which C++20 allows and clang's -Wpedantic flags in C++17 (-Wgnu-zero-variadic-macro-arguments): Qt's macros, not
  # our code. GCC does not warn. After -Wpedantic, since clang applies warning flags in order.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    target_compile_options(${target} PRIVATE -Wno-gnu-zero-variadic-macro-arguments)
  endif()
  if(SHARDSCOPE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  shardscope_clazy(${target})
endfunction()

# SHARDSCOPE_CLAZY (CI's asan stage): clazy's checks run inside clang as a plugin while core/, ui/ and app/ compile,
# the same checks scripts/lint.sh runs with clazy-standalone (scripts/clazy-checks holds the list for both), so that
# CI parses each file once for clazy instead of twice: clazy-standalone spent about 2.3 CPU-s a file parsing it again,
# the plugin adds about 0.2 CPU-s to a compile that parses it anyway (ui/io/hfconfig.cpp under the asan preset: 2.7
# -> 2.9 CPU-s). A finding is a warning, an error under SHARDSCOPE_WERROR, as in the lint. Generated sources (moc, rcc)
# live in the build folder, which the plugin skips (CLAZY_IGNORE_DIRS), as lint.sh's --ignore-dirs does. Tests and
# fuzz targets are not linted, with either.
if(SHARDSCOPE_CLAZY)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SHARDSCOPE_CLAZY needs clang (the asan preset), not ${CMAKE_CXX_COMPILER_ID}")
  endif()
  find_file(SHARDSCOPE_CLAZY_PLUGIN ClazyPlugin.so PATHS /usr/lib/${CMAKE_LIBRARY_ARCHITECTURE} /usr/lib /usr/local/lib)
  if(NOT SHARDSCOPE_CLAZY_PLUGIN)
    message(FATAL_ERROR "SHARDSCOPE_CLAZY: ClazyPlugin.so not found (Debian package clazy)")
  endif()
  file(STRINGS "${PROJECT_SOURCE_DIR}/scripts/clazy-checks" SHARDSCOPE_CLAZY_CHECKS LIMIT_COUNT 1)
endif()

function(shardscope_clazy target)
  if(NOT SHARDSCOPE_CLAZY)
    return()
  endif()
  get_target_property(dir ${target} SOURCE_DIR)
  file(RELATIVE_PATH rel "${PROJECT_SOURCE_DIR}" "${dir}")
  if(NOT rel MATCHES "^(core|ui|app)(/|$)")
    return()
  endif()
  target_compile_options(${target} PRIVATE "SHELL:-Xclang -load -Xclang ${SHARDSCOPE_CLAZY_PLUGIN}"
                         "SHELL:-Xclang -add-plugin -Xclang clazy" "SHELL:-Xclang -plugin-arg-clazy -Xclang ${SHARDSCOPE_CLAZY_CHECKS}")
  # clazy 1.11 reads the folders to skip from the environment only.
  set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER
               ${CMAKE_COMMAND} -E env "CLAZY_IGNORE_DIRS=^${PROJECT_BINARY_DIR}/" ${CMAKE_CXX_COMPILER_LAUNCHER})
endfunction()

function(shardscope_qt_defaults target)
  shardscope_target_defaults(${target})
  target_compile_definitions(${target} PRIVATE
    QT_NO_CAST_TO_ASCII QT_NO_URL_CAST_FROM_STRING QT_NO_FOREACH QT_USE_QSTRINGBUILDER
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_DISABLE_DEPRECATED_BEFORE=0x060400)
endfunction()

if(SHARDSCOPE_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
  if(CMAKE_BUILD_TYPE STREQUAL "Debug")
    # -O1: AddressSanitizer's own advice ("to get a reasonable performance add -O1 or higher", clang's
    # AddressSanitizer documentation); at -O0 the suite under the asan preset spent most of its time in our
    # unoptimised code. -g1: line tables only, which is all an ASan or UBSan report needs to name a file and
    # line; full debug information tripled every object and made each of the ~85 test links copy ~180 MB.
    # -Wno-maybe-uninitialized (GCC): at -O1 with -fsanitize=address GCC 12 warns inside libstdc++'s <regex>
    # (std::function in std::__detail::_State), a false positive, GCC bug 105616; the dev preset keeps the warning.
    add_compile_options(-O1 -g1)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
      add_compile_options(-Wno-maybe-uninitialized)
    endif()
  endif()
endif()

# Line tables only in RelWithDebInfo when SHARDSCOPE_DEBUG_INFO is "lines" (the dev preset; CI builds it through the
# README's test command): backtraces, sanitizer reports and a debugger's breakpoints keep their file and line, but a
# debugger shows no local variables (configure with -DSHARDSCOPE_DEBUG_INFO=full for those). Full -g made each object
# four to five times larger (core/src/footprint.cpp: 4.1 MB, 0.9 MB at -g1) and cost 10-28% more compiler time
# on the three files timed (footprint.cpp, memorypage.cpp, tst_stepview.cpp), and every test link copies it.
if(SHARDSCOPE_DEBUG_INFO STREQUAL "lines")
  add_compile_options($<$<CONFIG:RelWithDebInfo>:-g1>)
elseif(DEFINED SHARDSCOPE_DEBUG_INFO AND NOT SHARDSCOPE_DEBUG_INFO STREQUAL "full")
  message(FATAL_ERROR "SHARDSCOPE_DEBUG_INFO must be full or lines, not '${SHARDSCOPE_DEBUG_INFO}'")
endif()

# Link with gold where the toolchain has it (binutils ships it on Debian 12): each test executable links the
# static libraries whole, and gold took about two thirds of the CPU time of the default linker per test. clang (the
# asan preset) links with LLVM's lld instead where it is installed (lld-14; .ci/run installs it): gold warns about
# every object clang's AddressSanitizer instruments ("Cannot export local symbol '__asan_extra_spill_area'", ten
# thousand lines in one build's log).
include(CheckLinkerFlag)
if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  check_linker_flag(CXX "-fuse-ld=lld" SHARDSCOPE_HAVE_LLD)
  if(SHARDSCOPE_HAVE_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
else()
  check_linker_flag(CXX "-fuse-ld=gold" SHARDSCOPE_HAVE_GOLD)
  if(SHARDSCOPE_HAVE_GOLD)
    add_link_options(-fuse-ld=gold)
  endif()
endif()
