# SPDX-License-Identifier: MIT
# ctest -R bench_train_demo_mpi: `mpirun -np 2 shardscope bench train-demo --backend mpi` prints, on rank 0
# alone, both collectives for every strategy (the figures are not checked: speed lives in benches, not tests).
# Inputs: SHARDSCOPE (the executable), MPIRUN.
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
set(mpiflags -np 2 --oversubscribe)
if(uid STREQUAL "0")
  list(APPEND mpiflags --allow-run-as-root)
endif()
execute_process(COMMAND ${MPIRUN} ${mpiflags} ${SHARDSCOPE} bench train-demo --backend mpi --steps 2
                        --widths 12,17,13,5 --format json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mpirun bench failed (${rc}):\n${out}\n${err}")
endif()
string(JSON ranks GET "${out}" ranks)
string(JSON n LENGTH "${out}" strategies)
if(NOT ranks EQUAL 2 OR NOT n EQUAL 5)
  message(FATAL_ERROR "expected 2 ranks and 5 strategies, one JSON document from rank 0:\n${out}")
endif()
foreach(i RANGE 4)
  string(JSON name GET "${out}" strategies ${i} strategy)
  foreach(coll ring native)
    string(JSON t GET "${out}" strategies ${i} ${coll} step_time_s)
    if(NOT t GREATER 0)
      message(FATAL_ERROR "${name} ${coll}: step time ${t}")
    endif()
  endforeach()
  # MPI's own reduction order may differ from the ring's (fp32 rounding), never by more than a rounding.
  string(JSON d GET "${out}" strategies ${i} max_abs_diff_native_vs_ring)
  if(d GREATER 1e-4)
    message(FATAL_ERROR "${name}: native and ring parameters differ by ${d}")
  endif()
endforeach()
message(STATUS "bench train-demo over MPI: ring and native for 5 strategies")
