# SPDX-License-Identifier: MIT
# ctest -R train_demo_mpi: `mpirun -np 4 shardscope train-demo --backend mpi` against `--backend threads`.
# Inputs: SHARDSCOPE (the executable), MPIRUN, WORK (a scratch folder).
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
set(mpiflags -np 4 --oversubscribe)
if(uid STREQUAL "0")
  list(APPEND mpiflags --allow-run-as-root)
endif()
set(common --ranks 4 --steps 8 --widths 12,17,13,5 --format json)
foreach(strategy zero1 zero3)
  execute_process(COMMAND ${MPIRUN} ${mpiflags} ${SHARDSCOPE} train-demo --backend mpi --strategy ${strategy} ${common}
                          --params-out "${WORK}/mpi-${strategy}.bin"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "mpirun ${strategy} failed (${rc}):\n${out}\n${err}")
  endif()
  string(JSON ranks LENGTH "${out}" ranks)
  if(NOT ranks EQUAL 4)
    message(FATAL_ERROR "rank 0 reported ${ranks} ranks, not 4:\n${out}")
  endif()
  execute_process(COMMAND ${SHARDSCOPE} train-demo --backend threads --strategy ${strategy} ${common}
                          --params-out "${WORK}/threads-${strategy}.bin"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out2 ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "threads ${strategy} failed (${rc}): ${err}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/mpi-${strategy}.bin" "${WORK}/threads-${strategy}.bin"
                  RESULT_VARIABLE same)
  if(NOT same EQUAL 0)
    message(FATAL_ERROR "${strategy}: MPI parameters differ from the in-process run")
  endif()
  # The measured bytes of every rank are the same on both backends.
  string(JSON a GET "${out}" ranks 3 measured_bytes)
  string(JSON b GET "${out2}" ranks 3 measured_bytes)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "${strategy}: measured bytes differ:\n${a}\n${b}")
  endif()
  message(STATUS "${strategy}: MPI and threads parameters identical")
endforeach()
