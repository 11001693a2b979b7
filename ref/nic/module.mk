# ref/nic: checks of NIC-model pieces that no API call can steer (the
# model itself is built into libugni.so and the uDAPL Provider).

NIC_TESTS := $(BINDIR)/nic-test-wait $(BINDIR)/nic-test-fabric

$(BINDIR)/nic-test-wait: $(call objs,ref/nic/tests/wait.c ref/nic/clock.c)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ -lpthread

$(BINDIR)/nic-test-fabric: $(call objs,ref/nic/tests/fabric.c $(wildcard ref/nic/*.c))
	@mkdir -p $(@D)
	$(CC) -o $@ $^ -lpthread

check-nic: $(NIC_TESTS)  ## NIC model checks no API can steer
	@for t in $(NIC_TESTS); do $$t || exit 1; done

CHECKS += check-nic
