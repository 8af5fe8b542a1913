# The shared "Scenes demo + concept-CNN features" fixture of the model tests: a 500-image Scenes
# demo (400/50/50) and its concept-CNN features, made once per build folder by groundscope-cli
# and reused by every test that needs them, instead of each training its own concept CNN.
# -DCLI=groundscope-cli -DDIR=folder -DIMAGES=500
if(NOT EXISTS ${DIR}/scenes/dataset.json)
  execute_process(COMMAND ${CLI} dataset make-demo ${DIR}/scenes --images ${IMAGES} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "make-demo failed (${rc})")
  endif()
endif()
# A complete feature folder with the same key is reused: nothing is extracted twice.
execute_process(COMMAND ${CLI} features --dataset ${DIR}/scenes --backbone concept-cnn --out ${DIR}/features RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "features failed (${rc})")
endif()
# The concepts model's global context from 10 crops (Huang et al. §4.2).
execute_process(COMMAND ${CLI} features --dataset ${DIR}/scenes --backbone concept-cnn --crops 10 --out ${DIR}/features-10crop
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "features --crops 10 failed (${rc})")
endif()
# The HM-LSTM's region features: the whole image + 19 selective-search proposals, and the whole
# image + the demo's ground-truth phrase boxes. The concept CNN is not trained again: feature sets of
# one dataset share the network (XDG_CACHE_HOME/groundscope/concept-cnn).
foreach(set proposals ground-truth)
  execute_process(COMMAND ${CLI} features --dataset ${DIR}/scenes --backbone concept-cnn --regions --region-set ${set}
                          --out ${DIR}/features-${set} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "features --regions --region-set ${set} failed (${rc})")
  endif()
endforeach()
