# A Debian package of everything `install` puts in place: `cd build && cpack -G DEB`. Its
# dependencies are computed from the binaries' shared libraries (dpkg-shlibdeps), not listed by
# hand; tst_packaging builds it, unpacks it into a temporary root and runs groundscope-cli there.
set(CPACK_PACKAGE_NAME groundscope)
set(CPACK_PACKAGE_VENDOR "The Groundscope developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Workbench for visually grounded language")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "The Groundscope developers <groundscope@users.noreply.github.com>")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# OpenBLAS is loaded through libblas.so.3 (the alternative LibTorch links); without it LibTorch
# multiplies at the reference BLAS's ~7 GFLOP/s. Link Grammar needs its English dictionary.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libopenblas0-openmp")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "link-grammar-dictionaries-en")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "Workbench for visually grounded language\n Learns joint spaces of images and sentences with the models of five papers\n (DT-RNN/SDT-RNN, HM-LSTM, semantic concepts and order, DT-LSTM, char-GRU)\n and shows parse trees, regions, maps of the space and ranked lists.")
set(CPACK_GENERATOR DEB)
include(CPack)
