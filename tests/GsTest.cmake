# gs_add_qtest(NAME <name> SOURCES <files...> LIBS <targets...> [GUI] [HEAVY] [FIXTURES <fixtures...>]
#              [PARTS <part=function[:row],function[:row]...>...])
# Builds one Qt Test executable and registers it with ctest, labelled by its module (the folder:
# core, widgets, app, cli). GUI tests get the offscreen platform; every test gets its own
# settings/cache folders so it never touches the user's. SHARED_DATA is set to ../shared/data
# beside the checkout; tests QSKIP when it is absent.
# HEAVY: the test trains real models with LibTorch on one thread (GS_THREADS=1) and fixed kernels
# (GS_MODEL_TEST_KERNELS, tests/CMakeLists.txt), so its figures are the same on every run; it is
# labelled `slow`. Two of them run side by side under `ctest -j2`, one per core.
# FIXTURES: ctest fixtures it needs (their setup tests run first).
# PARTS: register the executable as several ctest entries instead of one, each running some of its
# test functions, or rows of them ("part=function1,function2:row"), so the parts of a long test run
# side by side. Each part gets its own settings/cache folders.
function(gs_add_qtest)
  cmake_parse_arguments(T "GUI;HEAVY" "NAME" "SOURCES;LIBS;FIXTURES;PARTS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
  target_include_directories(${T_NAME} PRIVATE ${PROJECT_SOURCE_DIR}/tests/common)
  target_compile_definitions(${T_NAME} PRIVATE
    GS_SHARED_DATA="${PROJECT_SOURCE_DIR}/../shared/data"
    GS_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data"
    GS_BINARY_DIR="${PROJECT_BINARY_DIR}")
  get_filename_component(module ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  set(labels ${module})
  if(T_HEAVY)
    list(APPEND labels slow)
  endif()
  if(T_PARTS)
    foreach(part ${T_PARTS})
      string(FIND "${part}" "=" split)
      string(SUBSTRING "${part}" 0 ${split} suffix)
      math(EXPR split "${split} + 1")
      string(SUBSTRING "${part}" ${split} -1 functions)
      string(REPLACE "," ";" functions "${functions}")
      _gs_register_qtest(${T_NAME}.${suffix} ${T_NAME} "${functions}")
    endforeach()
  else()
    _gs_register_qtest(${T_NAME} ${T_NAME} "")
  endif()
endfunction()

# One ctest entry running `executable [functions...]` with the environment, labels and fixtures
# gs_add_qtest computed (its variables are visible here: CMake functions see their caller's scope).
function(_gs_register_qtest test executable functions)
  add_test(NAME ${test} COMMAND ${executable} ${functions})
  # Model tests train real networks (the concept CNN on the Scenes demo takes minutes on a busy
  # 2-core machine): Qt Test's default 300 s per function is lifted; ctest's TIMEOUT still bounds them.
  set(env "QTEST_FUNCTION_TIMEOUT=1500000"
          "XDG_CONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/${test}.home/config"
          "XDG_CACHE_HOME=${CMAKE_CURRENT_BINARY_DIR}/${test}.home/cache"
          "XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/${test}.home/data"
          "GS_SCENES_FIXTURE=${GS_SCENES_FIXTURE_DIR}"
          # Programs a test starts keep the kernel OpenBLAS chose (the model tests fix it below):
          # choosing another re-executes them (runtime/blaskernel.h), which tst_cli tests apart.
          "GS_BLAS_AUTOSELECT=0")
  if(T_GUI)
    list(APPEND env "QT_QPA_PLATFORM=offscreen")
  endif()
  if(T_HEAVY)
    list(APPEND env "GS_THREADS=1" ${GS_MODEL_TEST_KERNELS})
  endif()
  set_tests_properties(${test} PROPERTIES ENVIRONMENT "${env}" TIMEOUT 1500 LABELS "${labels}")
  if(T_FIXTURES)
    set_tests_properties(${test} PROPERTIES FIXTURES_REQUIRED "${T_FIXTURES}")
  endif()
endfunction()
