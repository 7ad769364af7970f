package app.encore.tickets;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
