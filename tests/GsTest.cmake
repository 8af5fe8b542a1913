# gs_add_qtest(NAME <name> SOURCES <files...> LIBS <targets...> [GUI] [HEAVY] [FIXTURES <fixtures...>])
# Builds one Qt Test executable and registers it with ctest, labelled by its module (the folder:
# core, widgets, app, cli). GUI tests get the offscreen platform; every test gets its own
# settings/cache folders so it never touches the user's. SHARED_DATA is set to ../shared/data
# beside the checkout; tests QSKIP when it is absent.
# HEAVY: the test trains real models with LibTorch on 2 threads (GS_THREADS=2) and fixed kernels
# (GS_MODEL_TEST_KERNELS, tests/CMakeLists.txt): it is labelled `slow` and holds the `torch_cores`
# lock, so two of them never share the machine's 2 cores.
# FIXTURES: ctest fixtures it needs (their setup tests run first).
function(gs_add_qtest)
  cmake_parse_arguments(T "GUI;HEAVY" "NAME" "SOURCES;LIBS;FIXTURES" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
  target_include_directories(${T_NAME} PRIVATE ${PROJECT_SOURCE_DIR}/tests/common)
  target_compile_definitions(${T_NAME} PRIVATE
    GS_SHARED_DATA="${PROJECT_SOURCE_DIR}/../shared/data"
    GS_TEST_DATA="${PROJECT_SOURCE_DIR}/tests/data"
    GS_BINARY_DIR="${PROJECT_BINARY_DIR}")
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  # Model tests train real networks (the concept CNN on the Scenes demo takes minutes on a busy
  # 2-core machine): Qt Test's default 300 s per function is lifted; ctest's TIMEOUT still bounds them.
  set(env "QTEST_FUNCTION_TIMEOUT=1500000"
          "XDG_CONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/${T_NAME}.home/config"
          "XDG_CACHE_HOME=${CMAKE_CURRENT_BINARY_DIR}/${T_NAME}.home/cache"
          "XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/${T_NAME}.home/data"
          "GS_SCENES_FIXTURE=${GS_SCENES_FIXTURE_DIR}")
  if(T_GUI)
    list(APPEND env "QT_QPA_PLATFORM=offscreen")
  endif()
  get_filename_component(module ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  set(labels ${module})
  if(T_HEAVY)
    list(APPEND labels slow)
    list(APPEND env "GS_THREADS=2" ${GS_MODEL_TEST_KERNELS})
    set_tests_properties(${T_NAME} PROPERTIES RESOURCE_LOCK torch_cores)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES ENVIRONMENT "${env}" TIMEOUT 1500 LABELS "${labels}")
  if(T_FIXTURES)
    set_tests_properties(${T_NAME} PROPERTIES FIXTURES_REQUIRED "${T_FIXTURES}")
  endif()
endfunction()
