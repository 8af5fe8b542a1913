# Writes OUT (a header with the source tree's git commit) at build time, only when the commit
# changed, so a new commit does not rebuild anything but the one file that includes it.
# Run as: cmake -DSOURCE_DIR=... -DOUT=... -P gitcommit.cmake
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR commit STREQUAL "")
  set(commit "unknown")  # a source tarball, or git missing
endif()
set(text "#pragma once\n// Generated at build time by core/runtime/gitcommit.cmake; do not edit.\nnamespace gs {\ninline constexpr const char *kGitCommit = \"${commit}\";\n}  // namespace gs\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
