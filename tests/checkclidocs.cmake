# docs/cli.md is what `groundscope-cli --markdown` writes from the command table; this fails, with
# the command that brings it up to date, when a command or option changed and the page did not.
execute_process(COMMAND "${EXE}" --markdown OUTPUT_VARIABLE generated RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${EXE} --markdown failed: ${failed}")
endif()
file(READ "${DOC}" written)
if(NOT generated STREQUAL written)
  message(FATAL_ERROR "${DOC} differs from what the command table generates; update it with:\n"
                      "  build/app/groundscope-cli --markdown > docs/cli.md")
endif()
