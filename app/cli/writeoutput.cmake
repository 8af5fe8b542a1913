# Runs EXE ARG and writes its standard output to OUT (the man page and bash completion of
# groundscope-cli, made at build time from its command table).
execute_process(COMMAND "${EXE}" "${ARG}" OUTPUT_FILE "${OUT}.tmp" RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${EXE} ${ARG} failed: ${failed}")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
